import type { AppContext } from '../../context.js';
import { onlineAnywhere } from '../../realtime/hub.js';
import { engagedAudience } from './audience-store.js';

/**
 * Tells the online people who may see a memo's comments and reactions that they changed
 * (`memo_changed` with change 'comment' or 'reaction'), the actor's other tabs included.
 * Called after the change committed; a failure is logged, never thrown at the caller.
 * `toldLive`: people who were just sent a notification about this comment; the web app
 * takes a comment notification as this memo's change, so they get no second message.
 */
export async function announceMemoChange(
  ctx: AppContext,
  memoId: number,
  change: 'comment' | 'reaction',
  actorId: number,
  toldLive: ReadonlySet<number> = new Set(),
): Promise<void> {
  try {
    // people online on any instance (with REDIS_URL), not only this one
    const online = (await onlineAnywhere(ctx.realtime)).filter((id) => !toldLive.has(id));
    if (online.length === 0) return;
    const { db, dialect } = ctx.database;
    const audience = await engagedAudience(db, dialect, memoId, online, actorId);
    if (online.includes(actorId)) audience.push(actorId);
    if (audience.length === 0) return;
    await ctx.realtime.sendToUsers(audience, {
      message_type: 'memo_changed',
      memo_id: memoId,
      change,
    });
  } catch (error) {
    ctx.log.error({ err: error, memoId, change }, 'memo change announcement failed');
  }
}
