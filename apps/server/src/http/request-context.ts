import type { FastifyInstance } from 'fastify';
import { localeFromAcceptLanguage, type DelegateRight, type Locale } from '@memoria/domain';
import { boundedMemo } from '../bounded-memo.js';

export type SessionScope = 'full' | 'activation';

/** Who is calling, set by the auth guard. */
export interface AuthContext {
  userId: number;
  sessionId: number;
  scope: SessionScope;
  reauthenticatedAt: Date | null;
  /**
   * The person actually signed in when the session acts for another account through a
   * delegation; null for one's own account. userId is always the account acted for.
   */
  rootUserId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** the session that signup hands out may call this route */
    allowActivation?: boolean;
    /**
     * What a delegate acting for the account needs to call this write route (docs/RULES.md,
     * Delegated rights); every write route declares it, the rights hook refuses the rest.
     */
    right?: DelegateRight;
  }
}

/**
 * Accept-Language values already read: a browser sends the same one with every request, and
 * reading it (split, rank, sort) cost more than the rest of this hook. The header is the
 * caller's to choose, so only short values are kept, and at most 256 of them.
 */
const MAX_KEPT_LOCALE_HEADER_LENGTH = 256;
const keptLocaleOf = boundedMemo(localeFromAcceptLanguage, 256);

export function localeOf(header: string | undefined): Locale {
  if (!header || header.length > MAX_KEPT_LOCALE_HEADER_LENGTH) {
    return localeFromAcceptLanguage(header);
  }
  return keptLocaleOf(header);
}

export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('locale', 'en');
  app.decorateRequest('auth', null);
  // a callback hook: on every request, so no promise for it
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = localeOf(request.headers['accept-language']);
    done();
  });
}

/** The signed-in caller; only for routes behind the auth guard. */
export function authOf(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new Error('route is missing the auth guard');
  return request.auth;
}

/** Client address (request.ip follows X-Forwarded-For only under TRUST_PROXY), agent, language. */
export function callerOf(request: {
  ip: string;
  headers: { 'user-agent'?: string };
  locale: Locale;
}) {
  return { ip: request.ip, userAgent: request.headers['user-agent'], locale: request.locale };
}
