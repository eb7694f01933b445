import {
  AUTH,
  formatMessage,
  type Locale,
  type LoginAnswer,
  type MessageKey,
} from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { readBool, readTime } from '../../db/dialect.js';
import { isUniqueViolation } from '../../db/errors.js';
import { ApiError } from '../../http/errors.js';
import type { AuthContext } from '../../http/request-context.js';
import { createAccountBasics } from '../account/common.js';
import { createDeletionService } from '../account/index.js';
import type { Caller } from '../auth/service.js';
import { opaqueToken, sha256 } from '../auth/tokens.js';
import { findAccount } from '../users/service.js';
import {
  createIdentityProvider,
  IdentityProviderError,
  type IdentityProvider,
} from './provider.js';
import {
  consumeRequest,
  findIdentity,
  findRequestByPoll,
  findRequestByState,
  insertIdentityRequest,
  linkIdentity,
  settleRequest,
} from './store.js';

/** Where the provider sends the person back (registered at the provider as the redirect URI). */
export const CALLBACK_PATH = '/api/pim/callback';

/** Where the browser lands after the provider, per purpose (the web app's pages). */
const LANDING = { verify: '/account-settings/verify-name', login: '/auth/pim' } as const;

const notAllowed = () => new ApiError(403, 'identity.notAllowed');

/**
 * Identity verification and sign-in through the external OpenID Connect provider
 * (docs/notes/identity-verification.md). A request lives 2 minutes: its state goes through
 * the provider, and the browser that started it also holds the state in a cookie, so an
 * authorisation link handed to someone else cannot verify or sign in for its author.
 */
export function createIdentityService(ctx: AppContext) {
  const { db, dialect } = ctx.database;
  const basics = createAccountBasics(ctx);
  const deletions = createDeletionService(ctx, basics);
  const provider: IdentityProvider | null = ctx.config.oidc
    ? createIdentityProvider(ctx.config.oidc, `${ctx.config.publicUrl}${CALLBACK_PATH}`)
    : null;

  function configured(): IdentityProvider {
    if (!provider) throw notAllowed();
    return provider;
  }

  async function begin(
    purpose: 'verify' | 'login',
    userId: number | null,
    locale: Locale,
  ): Promise<{ url: string; state: string; poll: string | null }> {
    const service = configured();
    let request;
    try {
      request = await service.authorisationRequest(locale);
    } catch (error) {
      ctx.log.warn({ err: error }, 'identity provider discovery failed');
      throw new ApiError(503, 'identity.unavailable');
    }
    const poll = purpose === 'login' ? opaqueToken() : null;
    await insertIdentityRequest(db, dialect, {
      purpose,
      userId,
      stateHash: sha256(request.state),
      pollHash: poll === null ? null : sha256(poll),
      codeVerifier: request.codeVerifier,
      nonce: request.nonce,
      locale,
      expiresAt: new Date(Date.now() + AUTH.pimTimeoutMs),
    });
    return { url: request.url, state: request.state, poll };
  }

  /** Verification: links the identity to the account and records the official name. */
  async function verified(
    userId: number,
    identity: { issuer: string; subject: string; officialName: string },
  ): Promise<MessageKey | null> {
    const owner = await findIdentity(db, identity.issuer, identity.subject);
    if (owner && owner.user_id !== userId) return 'identity.alreadyLinked';
    try {
      await linkIdentity(db, dialect, { ...identity, userId, at: new Date() });
    } catch (error) {
      if (isUniqueViolation(error)) return 'identity.alreadyLinked';
      throw error;
    }
    await basics.users.markIdentified(userId, identity.officialName);
    return null;
  }

  return {
    /** For the web app: whether a provider is configured, and the name its button shows. */
    describe: () => ({ enabled: provider !== null, name: provider?.name ?? null }),

    /** GET /api/identify_user_pim: the authorisation URL; the profile shows it pending. */
    async startVerification(auth: AuthContext, locale: Locale) {
      configured();
      const userId = basics.ownerOnly(auth);
      const started = await begin('verify', userId, locale);
      await basics.users.setPendingIdentification(userId, true);
      return started;
    },

    /** GET /api/pim/url: the authorisation URL and the secret the browser polls with. */
    startLogin: (locale: Locale) => begin('login', null, locale),

    /**
     * The provider sent the browser back. Answers the web app's page to land on; the
     * outcome is recorded on the request (and, for a verification, on the profile).
     */
    async callback(url: URL, cookieState: string | undefined): Promise<string> {
      const state = url.searchParams.get('state') ?? '';
      const request = state === '' ? undefined : await findRequestByState(db, sha256(state));
      const expires = readTime(request?.expires_at);
      if (
        !request ||
        request.status !== 'waiting' ||
        !expires ||
        expires.getTime() <= Date.now() ||
        cookieState !== state
      ) {
        throw new ApiError(400, 'identity.failed');
      }
      const landing = (result: 'done' | 'failed') => `${LANDING[request.purpose]}?result=${result}`;
      const fail = async (key: MessageKey) => {
        if (await settleRequest(db, request.id, { status: 'failed', error: key })) {
          if (request.user_id !== null) {
            await basics.users.setPendingIdentification(request.user_id, false);
          }
        }
        return landing('failed');
      };

      let identity;
      try {
        identity = await configured().confirm(url, {
          state,
          nonce: request.nonce,
          codeVerifier: request.code_verifier,
        });
      } catch (error) {
        if (!(error instanceof IdentityProviderError)) throw error;
        ctx.log.warn({ err: error.cause ?? error }, 'identity provider answer refused');
        return fail(error.kind === 'unavailable' ? 'identity.unavailable' : 'identity.failed');
      }

      if (request.purpose === 'verify' && request.user_id !== null) {
        const refused = await verified(request.user_id, identity);
        if (refused) return fail(refused);
        await settleRequest(db, request.id, { status: 'done', resultUserId: request.user_id });
        return landing('done');
      }
      const linked = await findIdentity(db, identity.issuer, identity.subject);
      if (!linked) return fail('identity.noAccount');
      await settleRequest(db, request.id, { status: 'done', resultUserId: linked.user_id });
      return landing('done');
    },

    /**
     * POST /api/pim/login: 400 while the provider has not sent the person back (the web app
     * asks again), the tokens of the linked account once it has; the secret works once.
     */
    async login(poll: string, caller: Caller): Promise<LoginAnswer> {
      configured();
      const request = await findRequestByPoll(db, sha256(poll));
      const expires = readTime(request?.expires_at);
      if (!request || !expires || request.purpose !== 'login') {
        throw new ApiError(410, 'identity.expired');
      }
      if (request.status === 'waiting') {
        if (expires.getTime() <= Date.now()) throw new ApiError(410, 'identity.expired');
        throw new ApiError(400, 'identity.waiting');
      }
      if (!(await consumeRequest(db, request.id))) throw new ApiError(410, 'identity.expired');
      if (request.status === 'failed' || request.result_user_id === null) {
        const key = (request.error ?? 'identity.failed') as MessageKey;
        throw new ApiError(401, key);
      }
      const user = await findAccount(db, request.result_user_id);
      if (!user) throw new ApiError(401, 'identity.noAccount');
      // the same rules as a password sign-in (docs/RULES.md, The account): an account its
      // owner asked to delete comes back, one an operator disabled stays out
      const deletionPending = user.disabled_at !== null && (await deletions.pendingFor(user));
      if (user.disabled_at !== null && !deletionPending) {
        throw new ApiError(403, 'auth.accountDisabled');
      }
      if (!readBool(user.is_active)) throw new ApiError(401, 'auth.notActivated');
      if (deletionPending && (await deletions.cancel(user.id))) {
        const pair = await basics.sessions.issue(user.id, 'full', caller.userAgent, caller.ip);
        return { ...pair, notice: formatMessage('account.deletionCancelled', caller.locale) };
      }
      return basics.sessions.issue(user.id, 'full', caller.userAgent, caller.ip);
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
