import { isLocale, type Locale } from '@memoria/domain';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { AppContext } from '../../context.js';
import type { DigestThread } from '../../mail/templates/types.js';
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

/** The settings type of the unread-messages part of a digest (group `messages`, types.ts). */
export const MESSAGE_DIGEST_TYPE = 'new_message';

/**
 * Another module's part of the digest (the messenger's unread messages): asked at each run for
 * what to report, it claims what it answers (never reported twice) and, when `enabled` is
 * false (the person turned the e-mail of its settings group off), claims it all the same and
 * answers nothing, as the notifications of an unwanted type are looked at once.
 */
export interface DigestSource {
  collect(userId: number, enabled: boolean): Promise<DigestThread[]>;
}

const sources = new WeakMap<AppContext, DigestSource[]>();

/** Adds a part to this app's digests (docs/notes/notifications.md, E-mail digest). */
export function addDigestSource(ctx: AppContext, source: DigestSource): void {
  sources.set(ctx, [...(sources.get(ctx) ?? []), source]);
}

/** Makes sure a digest job waits for each of these people (one each; its time is kept). */
export async function scheduleDigests(
  ctx: AppContext,
  userIds: readonly number[],
  delayMs = ctx.config.notificationEmailDelayMs,
  db?: Kysely<DatabaseSchema>,
): Promise<void> {
  // A delivery for a thousand people schedules a thousand digests in two statements: the
  // job already waiting (due `delayMs` after the notification that queued it) is kept.
  await ctx.jobs.enqueueWaiting(
    EMAIL_JOB,
    [...new Set(userIds)].map((userId) => ({
      payload: { userId },
      uniqueKey: `${EMAIL_JOB}:${userId}`,
    })),
    { runAt: new Date(Date.now() + delayMs), db },
  );
}

export interface EmailDigest {
  /**
   * Makes sure a digest job waits for each of these people (at most one each; its time is
   * kept): one statement per 500 people, not one per person.
   */
  schedule(userIds: readonly number[]): Promise<void>;
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
    async schedule(userIds) {
      if (userIds.length > 0) await scheduleDigests(ctx, userIds, delayMs);
    },

    async send(userId, now = new Date()) {
      const since = new Date(now.getTime() - EMAIL_HORIZON_MS);
      const rows = await unmailedEvents(db, dialect, userId, since, DIGEST_WINDOW);
      const claimed = rows.length === 0 ? 0 : await markEmailed(db, dialect, userId, rows, now);
      const extra = sources.get(ctx) ?? [];
      // nothing new, or another worker took it
      if (claimed === 0 && extra.length === 0) return;
      const overrides = (await loadOverrides(db, [userId])).get(userId);
      const wants = (type: string) =>
        channelEnabled(overrides, type, 'in_app') && channelEnabled(overrides, type, 'email');
      // access may have ended since: a mail tells nothing of what its reader cannot see
      const visible = claimed === 0 ? undefined : await visibleSubjects(db, dialect, userId, rows);
      const wanted = visible
        ? rows
            .filter((r) => r.reviewed_at === null && wants(r.type))
            .map((r) => presentNotification(r, visible))
            .filter((n) => !n.unavailable)
        : [];
      const threads: DigestThread[] = [];
      for (const source of extra) {
        threads.push(...(await source.collect(userId, wants(MESSAGE_DIGEST_TYPE))));
      }
      const [person] = await recipientsOf(db, [userId]);
      if ((wanted.length === 0 && threads.length === 0) || !person) return;
      const locale: Locale = isLocale(person.locale) ? person.locale : 'en';
      const items = wanted.slice(0, DIGEST_LINES).map((n) => sentenceOf(n, locale));
      const base = ctx.config.publicUrl.replace(/\/+$/, '');
      await ctx.mailer.send({
        to: person.usermail,
        locale,
        template: 'notificationDigest',
        params: {
          name: person.name,
          items,
          count: wanted.length,
          threads: threads.slice(0, DIGEST_LINES).map((t) => ({ ...t, url: `${base}${t.url}` })),
          link: `${base}/`,
        },
      });
    },
  };
}
