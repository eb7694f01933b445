import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type JWK } from 'jose';
import Provider from 'oidc-provider';

/**
 * A local OpenID Connect provider (oidc-provider on 127.0.0.1, any free port) standing in
 * for the external identity service (docs/notes/identity-verification.md). Any login is
 * accepted; the person's name is looked up in `people`. `tamperIdToken` changes the next ID
 * tokens the token endpoint answers (re-signed with the provider's own key), so a test can
 * send a token with a wrong nonce or issuer that is otherwise genuine.
 */
export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  people: Map<string, string>;
  tamperIdToken: ((claims: Record<string, unknown>) => Record<string, unknown>) | null;
  /** Goes through the provider as a browser would: answers the redirect back to the app. */
  authorise(url: string, login: string): Promise<string>;
  close(): Promise<void>;
}

export async function startTestIdentityProvider(
  redirectUris: string[],
): Promise<TestIdentityProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const people = new Map<string, string>();
  const clientId = 'memoria-test';
  const clientSecret = 'memoria-test-secret-0123456789abcdef';

  let handler: ((req: never, res: never) => void) | null = null;
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/token') && state.tamperIdToken) {
      tamperResponse(res, state.tamperIdToken);
    }
    if (handler) handler(req as never, res as never);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['memoria-test-cookie-key'] },
    claims: { openid: ['sub'], profile: ['name'] },
    // the name in the ID token itself, as the identity service puts it
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, ...(people.has(id) ? { name: people.get(id) } : {}) }),
    }),
  });
  handler = provider.callback();

  async function tamperIdTokenIn(
    body: string,
    change: (claims: Record<string, unknown>) => Record<string, unknown>,
  ): Promise<string> {
    const answer = JSON.parse(body) as { id_token?: string };
    if (!answer.id_token) return body;
    const claims = change(decodeJwt(answer.id_token));
    answer.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .sign(privateKey);
    return JSON.stringify(answer);
  }

  /** Holds back the token endpoint's answer and sends the tampered one instead. */
  function tamperResponse(
    res: ServerResponse,
    change: (claims: Record<string, unknown>) => Record<string, unknown>,
  ) {
    const end = res.end.bind(res);
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name: string, value: number | string | readonly string[]) =>
      name.toLowerCase() === 'content-length' ? res : setHeader(name, value);
    res.end = ((chunk?: unknown) => {
      const body = typeof chunk === 'string' ? chunk : Buffer.from(chunk as Buffer).toString();
      void tamperIdTokenIn(body, change).then((text) => end(text));
      return res;
    }) as typeof res.end;
  }

  const state: TestIdentityProvider = {
    issuer,
    clientId,
    clientSecret,
    people,
    tamperIdToken: null,

    async authorise(url: string, login: string): Promise<string> {
      const cookies = new Map<string, string>();
      const keep = (response: Response) => {
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const [name, ...value] = (pair ?? '').split('=');
          if (name) cookies.set(name.trim(), value.join('='));
        }
      };
      const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      let next = url;
      for (let step = 0; step < 12; step++) {
        if (!next.startsWith(issuer)) return next;
        const response = await fetch(next, {
          redirect: 'manual',
          headers: { cookie: cookieHeader() },
        });
        keep(response);
        if (response.status >= 300 && response.status < 400) {
          next = new URL(response.headers.get('location') ?? '', next).href;
          continue;
        }
        const html = await response.text();
        const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
        const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
        if (!prompt || !action) throw new Error(`unexpected provider page: ${html.slice(0, 300)}`);
        const form = new URLSearchParams({ prompt });
        if (prompt === 'login') {
          form.set('login', login);
          form.set('password', 'any');
        }
        const submitted = await fetch(new URL(action.replace(/&amp;/g, '&'), next), {
          method: 'POST',
          redirect: 'manual',
          headers: {
            cookie: cookieHeader(),
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: form.toString(),
        });
        keep(submitted);
        next = new URL(submitted.headers.get('location') ?? '', next).href;
      }
      throw new Error('the provider did not send the browser back');
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return state;
}
