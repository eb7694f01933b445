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
  const membership = createMembershipService(ctx, live);
  const messages = createMessageService(ctx, live);
  const socket = createSocketHandlers(ctx);
  registerThreadRoutes(app, guard, createThreadService(ctx, live), membership);
  registerMessageRoutes(app, guard, messages, ctx.secrets.jwtKey);
  // the sends, their acknowledgements and the reads that follow them (db/warm.ts)
  ctx.warmUp.add(messages.warm);
  ctx.warmUp.add(socket.warm);
  ctx.warmUp.add(membership.warm);
  return { socketHandlers: socket.handlers };
}
