import { isLocale } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { sentenceOf } from './describe.js';
import { presentNotification } from './present.js';
import { channelEnabled, loadOverrides } from './settings.js';
import { markEmailed, recipientsOf, unmailedEvents, visibleSubjects } from './store.js';

export const EMAIL_JOB = 'notifications.email';
/** Events older than this are not mailed any more (e.g. after a long outage). */
const EMAIL_HORIZON_MS = 24 * 60 * 60_000;
/**
 * A person's newest notifications a digest looks at: it runs minutes after the first of
 * them, so more than this many new ones are not expected in between.
 */
const DIGEST_WINDOW = 500;
/** Lines of one digest at most; the rest are only counted. */
const DIGEST_LINES = 20;

export interface EmailDigest {
  /** Makes sure a digest job waits for this person (at most one; its time is kept). */
  schedule(userId: number): Promise<void>;
  /** The job: one mail with every e-mail-enabled, unread, not yet mailed notification. */
  send(userId: number, now?: Date): Promise<void>;
}

/**
 * The e-mail digest: a durable job per person (unique key), due `delayMs` after the
 * notification that queued it; those after it join the waiting job. Each event is looked at
 * once (emailed_at), whether it is mailed or its type is not wanted by e-mail; reviewed
 * ones are not mailed.
 */
export function createEmailDigest(ctx: AppContext, delayMs: number): EmailDigest {
  const { db, dialect } = ctx.database;

  return {
    // A delivery for a thousand people schedules a thousand digests: no query each, the
    // job already waiting (due `delayMs` after the notification that queued it) is kept.
    async schedule(userId) {
      await ctx.jobs.enqueue(
        EMAIL_JOB,
        { userId },
        {
          uniqueKey: `${EMAIL_JOB}:${userId}`,
          runAt: new Date(Date.now() + delayMs),
          keepWaiting: true,
        },
      );
    },

    async send(userId, now = new Date()) {
      const since = new Date(now.getTime() - EMAIL_HORIZON_MS);
      const rows = await unmailedEvents(db, dialect, userId, since, DIGEST_WINDOW);
      if (rows.length === 0) return;
      const claimed = await markEmailed(db, dialect, userId, rows, now);
      // another worker took them
      if (claimed === 0) return;
      const overrides = (await loadOverrides(db, [userId])).get(userId);
      // access may have ended since: a mail tells nothing of what its reader cannot see
      const visible = await visibleSubjects(db, dialect, userId, rows);
      const wanted = rows
        .filter(
          (r) =>
            r.reviewed_at === null &&
            channelEnabled(overrides, r.type, 'in_app') &&
            channelEnabled(overrides, r.type, 'email'),
        )
        .map((r) => presentNotification(r, visible))
        .filter((n) => !n.unavailable);
      const [person] = await recipientsOf(db, [userId]);
      if (wanted.length === 0 || !person) return;
      const locale = isLocale(person.locale) ? person.locale : 'en';
      const items = wanted.slice(0, DIGEST_LINES).map((n) => sentenceOf(n, locale));
      await ctx.mailer.send({
        to: person.usermail,
        locale,
        template: 'notificationDigest',
        params: {
          name: person.name,
          items,
          count: wanted.length,
          link: `${ctx.config.publicUrl.replace(/\/+$/, '')}/`,
        },
      });
    },
  };
}
