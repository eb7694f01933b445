import type { FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import { ApiError } from './errors.js';
import type { AuthContext } from './request-context.js';

export interface Authenticator {
  authenticate(token: string): Promise<AuthContext>;
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * preParsing hooks: `required` answers 401 without a valid session, `optional` lets
 * visitors through but still rejects a bad token. The signup (activation) session may
 * only call routes whose config says allowActivation. preParsing runs after the global
 * rate limit (an onRequest hook) and before the body is read or validated, so a caller
 * without a session gets 401 rather than 422 and never has a body parsed.
 */
export function createAuthGuard(authenticator: Authenticator) {
  async function resolve(request: FastifyRequest, token: string): Promise<void> {
    const auth = await authenticator.authenticate(token);
    if (auth.scope === 'activation' && !request.routeOptions.config.allowActivation) {
      throw new ApiError(403, 'auth.sessionLimited');
    }
    request.auth = auth;
  }

  return {
    async required(
      request: FastifyRequest,
      _reply: FastifyReply,
      payload: RequestPayload,
    ): Promise<RequestPayload> {
      const token = bearer(request);
      if (!token) throw new ApiError(401, 'error.unauthorized');
      await resolve(request, token);
      return payload;
    },
    async optional(
      request: FastifyRequest,
      _reply: FastifyReply,
      payload: RequestPayload,
    ): Promise<RequestPayload> {
      const token = bearer(request);
      if (token) await resolve(request, token);
      return payload;
    },
  };
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;
