import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import type { CallSocketPort } from '../../realtime/index.js';
import { registerCallRoutes } from './routes.js';
import { createCallService } from './service.js';
import { createSignalling } from './signalling.js';

export { turnCredentials } from './ice.js';

/**
 * Video calls on collections (docs/notes/calls.md): the routes that start and join calls,
 * and the call socket's side of the realtime endpoint, which buildApp hands to it.
 */
export function registerCalls(app: ZodApp, guard: AuthGuard, ctx: AppContext): CallSocketPort {
  // the service tells the signalling whom to expect on the call socket (it exists by the
  // time any request arrives)
  const service = createCallService(ctx, {
    joined: (participantId) => signalling.expectSocket(participantId),
  });
  const signalling = createSignalling(ctx, service);
  registerCallRoutes(app, guard, service);
  return signalling;
}
