import type { AppContext } from '../../context.js';
import type { AuthGuard } from '../../http/auth.js';
import type { ZodApp } from '../../http/zod-app.js';
import { createQrService } from './qr-service.js';
import { createRequestService } from './request-service.js';
import { registerConnectionTokenRoutes } from './qr-routes.js';
import { registerConnectionRoutes } from './routes.js';
import { createConnectionService } from './service.js';
import { registerContentWatchingRoute } from './watching-routes.js';
import { idFromIri } from '@memoria/domain';
import { createCollectionFollowService } from '../collections/follow-service.js';
import { collectionNotFound } from '../collections/access.js';

export { connectInvitedUser } from './invitations.js';
export { contactCounts } from './service.js';

/**
 * Connections (docs/SCREENS.md, Lists and forms; docs/DOMAIN.md, States; docs/API.md, Calls):
 * requests, invitations, QR links, lists, counts.
 */
export function registerConnections(app: ZodApp, guard: AuthGuard, ctx: AppContext): void {
  const services = {
    connections: createConnectionService(ctx),
    requests: createRequestService(ctx),
    qr: createQrService(ctx),
  };
  registerConnectionRoutes(app, guard, services);
  registerConnectionTokenRoutes(app, guard, services);
  // The {collection} form of POST /api/content/watching belongs to the collections module.
  const collectionFollows = createCollectionFollowService(ctx);
  registerContentWatchingRoute(app, guard, services.connections, (userId, collection) => {
    const id = idFromIri(collection, 'collection');
    if (id === undefined) throw collectionNotFound();
    return collectionFollows.watchContent({ userId }, id);
  });
}
