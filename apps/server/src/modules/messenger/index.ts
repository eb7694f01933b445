import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import { addDigestSource } from '../notifications/index.js';
import { createMessageDigest } from './digest.js';
import { createSocketHandlers, createMessengerLive } from './live.js';
import { createMembershipService } from './membership.js';
import { registerMessageRoutes } from './message-routes.js';
import { createMessageService } from './message-service.js';
import { registerThreadRoutes } from './routes.js';
import { createThreadService } from './thread-service.js';

/**
 * The messenger (issue 21; docs/notes/messenger.md): routes, and the handlers of what
 * clients send over the socket (acknowledgements, typing) for the realtime endpoint.
 */
export function registerMessenger(app: ZodApp, guard: AuthGuard, ctx: AppContext) {
  const live = createMessengerLive(ctx);
  addDigestSource(ctx, createMessageDigest(ctx));
  registerThreadRoutes(
    app,
    guard,
    createThreadService(ctx, live),
    createMembershipService(ctx, live),
  );
  registerMessageRoutes(app, guard, createMessageService(ctx, live), ctx.secrets.jwtKey);
  return { socketHandlers: createSocketHandlers(ctx) };
}
