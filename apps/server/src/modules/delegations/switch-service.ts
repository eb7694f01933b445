import type { TokenPair } from '@memoria/domain';
import { readBool } from '../../db/dialect.js';
import { forbidden } from '../../http/errors.js';
import type { AuthContext } from '../../http/request-context.js';
import type { AuthDeps } from '../auth/deps.js';
import type { Caller } from '../auth/service.js';
import { findAccount } from '../users/service.js';
import type { DelegationService } from './service.js';

/**
 * POST /api/switch-user (docs/API.md, Calls): the signed-in person acts for an
 * account that delegated to them, or comes back to their own. The current session is
 * replaced by one whose user is the account and whose root is the person.
 */
export function createSwitchService(deps: AuthDeps, delegations: DelegationService) {
  const { ctx, sessions } = deps;
  const { db } = ctx.database;
  const { limiter } = ctx;

  return {
    async switchUser(
      auth: AuthContext,
      accountUserId: number,
      secureToken: string,
      caller: Caller,
    ): Promise<TokenPair> {
      // The person, not the account a delegated session currently acts for.
      const root = auth.rootUserId ?? auth.userId;
      if (accountUserId === root) {
        // Back to one's own account: the guard already found the person enabled.
        return sessions.replace(auth.sessionId, root, null, caller.userAgent);
      }
      const limitKey = `user:${root}`;
      await limiter.check('switch', limitKey, caller.ip);
      const [account, tokenOk] = await Promise.all([
        findAccount(db, accountUserId),
        delegations.tokenMatches(accountUserId, root, secureToken),
      ]);
      const usable = account && account.disabled_at === null && readBool(account.is_active);
      if (!usable || !tokenOk) {
        // One answer for an unknown account, a missing or revoked delegation, a wrong
        // token: the caller learns nothing about which it was.
        await limiter.fail('switch', limitKey, caller.ip);
        throw forbidden();
      }
      const pair = await sessions.replace(auth.sessionId, accountUserId, root, caller.userAgent);
      await limiter.clear('switch', limitKey);
      return pair;
    },
  };
}
