import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config.js';

/** What the provider confirmed about a person (docs/notes/identity-verification.md). */
export interface ConfirmedIdentity {
  issuer: string;
  subject: string;
  officialName: string;
}

/** The secrets of one authorisation request, kept until the provider sends the person back. */
export interface AuthorisationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export type ProviderFailure = 'unavailable' | 'failed';

/** A provider answer that does not confirm anyone: `unavailable` (unreachable) or `failed`. */
export class IdentityProviderError extends Error {
  constructor(
    readonly kind: ProviderFailure,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const DISCOVERY_TIMEOUT_S = 10;

/**
 * The external OpenID Connect provider through openid-client: the authorisation URL (the
 * code flow with PKCE, state and nonce) and the answer it sends back, checked (signature,
 * issuer, audience, nonce, expiry) before the verified name is read. Discovery happens on
 * first use and is kept; a failed one is tried again next time.
 */
export function createIdentityProvider(config: OidcConfig, redirectUri: string) {
  let discovered: Promise<oidc.Configuration> | null = null;
  // plain http only for a provider on this machine (the tests' and journeys' stand-in)
  const insecure = new URL(config.issuer).protocol === 'http:';
  if (insecure && !LOOPBACK.has(new URL(config.issuer).hostname)) {
    throw new Error('OIDC_ISSUER must be an https URL (http only on 127.0.0.1 or localhost)');
  }

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(config.issuer),
        config.clientId,
        config.clientSecret,
        oidc.ClientSecretBasic(config.clientSecret),
        {
          timeout: DISCOVERY_TIMEOUT_S,
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      )
      .catch((error: unknown) => {
        discovered = null;
        throw new IdentityProviderError('unavailable', error);
      });
    return discovered;
  }

  return {
    name: config.name,

    async authorisationRequest(locale: string): Promise<AuthorisationRequest> {
      const server = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(server, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ui_locales: locale.replace('_', '-'),
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    /**
     * Exchanges the code of `callbackUrl` and answers who the ID token names. The name comes
     * from the ID token; a provider that only gives it at the userinfo endpoint is asked
     * there, for the same subject.
     */
    async confirm(
      callbackUrl: URL,
      expected: { state: string; nonce: string; codeVerifier: string },
    ): Promise<ConfirmedIdentity> {
      const server = await configuration();
      let claims: oidc.IDToken;
      let name: string | null;
      try {
        const tokens = await oidc.authorizationCodeGrant(server, callbackUrl, {
          pkceCodeVerifier: expected.codeVerifier,
          expectedState: expected.state,
          expectedNonce: expected.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new Error('no ID token');
        claims = idClaims;
        name = nameOf(claims);
        if (name === null) {
          name = nameOf(await oidc.fetchUserInfo(server, tokens.access_token, claims.sub));
        }
      } catch (error) {
        throw new IdentityProviderError('failed', error);
      }
      if (name === null) throw new IdentityProviderError('failed', new Error('no name claim'));
      return { issuer: claims.iss, subject: claims.sub, officialName: name };
    },
  };
}

export type IdentityProvider = ReturnType<typeof createIdentityProvider>;

/** `name`, or `given_name family_name`; at most 200 characters (name_official's width). */
function nameOf(claims: Record<string, unknown>): string | null {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const full =
    text(claims.name) ||
    [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  return full === '' ? null : full.slice(0, 200);
}
