import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the journeys' identity service is called on the sign-in button. */
export const IDENTITY_SERVICE_NAME = 'Test ID';

/**
 * The journeys' stand-in for the external identity service (docs/notes/identity-verification.md):
 * oidc-provider on 127.0.0.1 with its own login and consent pages. Any login is accepted,
 * and the login typed is both the identity (subject) and the verified name, so a journey
 * chooses the official name it expects by what it types.
 */
export async function startIdentityService(redirectUri: string) {
  let handler: ((req: never, res: never) => void) | null = null;
  const server = createServer((req, res) => handler?.(req as never, res as never));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'memoria-e2e';
  const clientSecret = 'memoria-e2e-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: ['memoria-e2e-cookie-key'] },
    claims: { openid: ['sub'], profile: ['name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, name: id }),
    }),
  });
  handler = provider.callback();
  return {
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_PROVIDER_NAME: IDENTITY_SERVICE_NAME,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
