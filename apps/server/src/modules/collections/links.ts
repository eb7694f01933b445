import type { AppContext } from '../../context.js';
import { readBool } from '../../db/dialect.js';
import { forbidden } from '../../http/errors.js';
import type { Viewer } from '../audience/index.js';
import { loadCollectionForViewer, loadOwnCollection } from './access.js';
import { findViewedCollection, updateCollection, setCallTokenIfUnset } from './store.js';
import { newSecretToken } from './tokens.js';

/** The capability links of a collection: its secret link and its call token. */
export function createCollectionLinks(ctx: AppContext) {
  const { db, dialect } = ctx.database;
  const database = ctx.database;

  return {
    /** The owner's secret link; `refresh` replaces the token. Asking turns public_link_on on. */
    async secretLink(
      viewer: Viewer,
      id: string,
      refresh: boolean,
    ): Promise<{ secret_link: string }> {
      const row = await loadOwnCollection(database, id, viewer);
      let token = row.secret_token;
      if (!token || refresh) token = newSecretToken();
      if (token !== row.secret_token || !readBool(row.public_link_on)) {
        await updateCollection(db, row.id, {
          secret_token: token,
          public_link_on: dialect.bool(true),
        });
      }
      const url = `${ctx.config.publicUrl}/p/collections/${row.id}?secure_token=${encodeURIComponent(token)}`;
      return { secret_link: url };
    },

    /**
     * The call token: for the owner, and for readers when user_can_join_call is on. The
     * owner's `refresh` replaces it, so the old call links open nothing any more
     * (docs/notes/calls.md).
     */
    async callToken(
      viewer: Viewer,
      id: string,
      refresh = false,
    ): Promise<{ call_secure_token: string }> {
      const row = await loadCollectionForViewer(database, id, viewer);
      if (viewer.userId !== row.user_id && !readBool(row.user_can_join_call)) {
        throw forbidden();
      }
      if (refresh) {
        if (viewer.userId !== row.user_id) throw forbidden();
        const fresh = newSecretToken();
        await updateCollection(db, row.id, { call_secure_token: fresh });
        return { call_secure_token: fresh };
      }
      let token = row.call_secure_token;
      if (!token) {
        token = newSecretToken();
        if (!(await setCallTokenIfUnset(db, row.id, token))) {
          // another request set it first
          const again = await findViewedCollection(db, dialect, row.id, viewer);
          token = again?.call_secure_token ?? token;
        }
      }
      return { call_secure_token: token };
    },
  };
}
