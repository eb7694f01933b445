import type { AppContext } from '../../context.js';
import type { MemoChangeJudge } from '../../realtime/hub.js';
import { engagedAudience } from './audience-store.js';

/**
 * Tells the people watching a memo (a tab of theirs holds it, on any instance) who may see its
 * comments and reactions that they changed (`memo_changed` with change 'comment' or
 * 'reaction'), the actor's other watching tabs included (docs/notes/realtime-delivery.md,
 * Watched memos). Called after the change committed; a failure is logged, never thrown at
 * the caller. `toldLive`: people who were just sent a notification about this comment; the
 * web app takes a comment notification as this memo's change, so they get no second message.
 */
export async function announceMemoChange(
  ctx: AppContext,
  memoId: number,
  change: 'comment' | 'reaction',
  actorId: number,
  toldLive: ReadonlySet<number> = new Set(),
): Promise<void> {
  try {
    await ctx.realtime.announceMemoChange({
      memoId,
      change,
      actorId,
      ...(toldLive.size > 0 ? { skip: [...toldLive] } : {}),
    });
  } catch (error) {
    ctx.log.error({ err: error, memoId, change }, 'memo change announcement failed');
  }
}

/**
 * The rule each instance judges the watchers of a memo's comments and reactions by
 * (registerComments registers it): those who may see them, and the actor. A failure is
 * logged and tells nobody.
 */
export function engagementWatchersJudge(ctx: AppContext): MemoChangeJudge {
  return async (announcement, watchers) => {
    if (announcement.change === 'updated') return [];
    const { memoId, change, actorId } = announcement;
    try {
      const { db, dialect } = ctx.database;
      const audience = await engagedAudience(db, dialect, memoId, watchers, actorId);
      if (watchers.includes(actorId)) audience.push(actorId);
      return audience;
    } catch (error) {
      ctx.log.error({ err: error, memoId, change }, 'memo change audience failed');
      return [];
    }
  };
}
