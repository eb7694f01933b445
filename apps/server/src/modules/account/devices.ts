import { describeUserAgent, type SignedInSession } from '@memoria/domain';
import { isoTime } from '../../db/dialect.js';
import { ApiError } from '../../http/errors.js';
import type { AuthContext } from '../../http/request-context.js';
import type { AccountBasics } from './common.js';

/**
 * Sessions and devices (docs/RULES.md, The account): the person's live sessions, their own
 * sign-ins and those acting for another account, with "sign out" per session and "sign out
 * everywhere else". The person is the one signed in, also when acting through a delegation.
 */
export function createDeviceService(basics: AccountBasics) {
  const person = (auth: AuthContext) => auth.rootUserId ?? auth.userId;

  return {
    async list(auth: AuthContext): Promise<SignedInSession[]> {
      const rows = await basics.sessions.devices(person(auth));
      return rows.map((row) => ({
        id: row.id,
        ...describeUserAgent(row.user_agent),
        ip: row.ip,
        created_at: isoTime(row.created_at) ?? '',
        last_used_at: isoTime(row.last_used_at),
        current: row.id === auth.sessionId,
        delegated: row.root_user_id !== null,
      }));
    },

    async signOut(auth: AuthContext, sessionId: number): Promise<void> {
      if (!(await basics.sessions.revokeDevice(person(auth), sessionId))) {
        throw new ApiError(404, 'account.sessionNotFound');
      }
    },

    signOutOthers: async (auth: AuthContext) => ({
      revoked: await basics.sessions.revokeOtherDevices(person(auth), auth.sessionId),
    }),
  };
}
