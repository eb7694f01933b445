import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DelegateRight } from '@memoria/domain';
import { ApiError } from '../../http/errors.js';
import type { RoleService } from './role-service.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every write route ("POST /api/memo/:id") and the right it declared (undefined: none
     * declared); delegated-rights.test.ts walks the OpenAPI document against it.
     */
    delegateRights: Map<string, DelegateRight | undefined>;
  }
}

function delegatedWrite(request: FastifyRequest) {
  const auth = request.auth;
  if (!auth || auth.rootUserId === null || auth.rootUserId === auth.userId) return undefined;
  return WRITES.has(request.method) ? auth : undefined;
}

/**
 * Delegated rights, in one place (docs/RULES.md, Delegated rights): every write route
 * declares in its config the `right` a delegate needs; a session acting for an account may
 * call it only when its delegation grants that right, else 403 with `missing_right`. A
 * route that declares nothing is refused to delegates (and fails delegated-rights.test.ts).
 * Every write such a session makes that succeeds is recorded in the account's audit log.
 *
 * preValidation runs after each route's auth guard (preParsing) and before the body is
 * validated, so a refused delegate gets 403 whatever it sent.
 */
export function registerDelegateRights(app: FastifyInstance, roles: RoleService): void {
  const declared = new Map<string, DelegateRight | undefined>();
  app.decorate('delegateRights', declared);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (WRITES.has(method)) declared.set(`${method} ${route.url}`, route.config?.right);
    }
  });
  // Callback hooks, not async ones: they run on every request and do nothing for all but a
  // delegate's writes, so the others pay no promise for them (docs/PERFORMANCE.md).
  app.addHook('preValidation', (request, _reply, done) => {
    const auth = delegatedWrite(request);
    if (!auth) return done();
    const right = request.routeOptions.config.right;
    roles.mayWrite(auth, right).then(
      (allowed) =>
        done(
          allowed
            ? undefined
            : new ApiError(403, 'error.forbidden', {
                extra: { missing_right: right ?? 'undeclared' },
              }),
        ),
      (error: unknown) => done(error as Error),
    );
  });
  // onSend, not onResponse: the entry is written before the answer leaves, so whoever reads
  // the log after the answer finds it
  app.addHook('onSend', (request, reply, payload, done) => {
    const auth = delegatedWrite(request);
    if (!auth || reply.statusCode >= 400) return done(null, payload);
    const path = request.url.split('?')[0] ?? request.url;
    roles.record(auth, request.method, path, reply.statusCode).then(
      () => done(null, payload),
      (error: unknown) => done(error as Error),
    );
  });
}
