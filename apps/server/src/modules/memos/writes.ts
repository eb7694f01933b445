import type { Insertable, Kysely } from 'kysely';
import {
  MAP_DEFAULT_ZOOM,
  canScheduleMemo,
  type Memo,
  type MemoWriteParsed,
} from '@memoria/domain';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { MemosTable } from '../../db/schema-content.js';
import { readTime } from '../../db/dialect.js';
import { transaction } from '../../events/index.js';
import { forbidden, ValidationFailed } from '../../http/errors.js';
import { intIdFromIri } from '../../http/iri.js';
import type { MemoMedia } from './attachments.js';
import type { MemoEvents } from './events.js';
import { assertWritable, requestedLinks } from './links.js';
import type { MemoReads } from './reads.js';
import { sanitizeDescription, searchTextOf } from './sanitize.js';
import { decideSchedule, publishJobKey, syncPublishJob, type Publication } from './schedule.js';
import type { SingleRow } from './store.js';
import { replaceTodos } from './todo-store.js';
import { createMemoChangeNotices } from '../../realtime/memo-changes.js';
import { accountFactsOf } from '../users/account-facts.js';
import {
  addLink,
  deleteMemo,
  insertMemo,
  memoLinks,
  removeLinks,
  replaceTags,
  setPinned,
  setWatching,
  updateMemo,
  planFacts,
} from './write-store.js';

/**
 * Create, edit and delete (docs/RULES.md, Collaborators: collaborators edit their own memos only).
 */

type Trx = Kysely<DatabaseSchema>;

function storedLocation(row: SingleRow): MemoWriteParsed['location'] {
  if (row.location_latitude === null || row.location_longitude === null) return null;
  return {
    latitude: row.location_latitude,
    longitude: row.location_longitude,
    zoom: row.location_zoom ?? MAP_DEFAULT_ZOOM,
    description: row.location_description,
  };
}

export function createMemoWrites(
  ctx: AppContext,
  reads: MemoReads,
  events: MemoEvents,
  media: MemoMedia,
) {
  const { database, jobs } = ctx;
  const { db, dialect: d } = database;
  const time = (value: Date | null) => (value ? d.time(value) : null);
  const dateOf = (value: string | null | undefined) => time(readTime(value ?? null));
  const notices = createMemoChangeNotices(ctx);

  /** Scheduling is a plan gate (see docs/RULES.md, Plans). */
  async function mayScheduleMemo(userId: number): Promise<boolean> {
    const facts = await planFacts(db, userId);
    return facts !== undefined && canScheduleMemo(accountFactsOf(facts));
  }

  /**
   * The files a write lists, as ids in their order (left out: unchanged). The media
   * service checks each is the author's upload of that kind; a bad reference is a 422.
   */
  function fileLists(body: MemoWriteParsed) {
    const lists: { memo_photos?: number[]; memo_videos?: number[]; memo_documents?: number[] } = {};
    for (const field of ['memo_photos', 'memo_videos', 'memo_documents'] as const) {
      const refs = body[field];
      if (refs === undefined) continue;
      const ids = refs.map((ref) => intIdFromIri(ref));
      if (ids.some((id) => id === undefined)) {
        throw new ValidationFailed([{ propertyPath: field, key: 'validation.invalid' }]);
      }
      lists[field] = ids as number[];
    }
    return lists;
  }

  /** Column values of a write; `current` keeps what an edit leaves out. */
  function columns(
    body: MemoWriteParsed,
    publication: Publication,
    now: Date,
    current?: SingleRow,
  ): Omit<Insertable<MemosTable>, 'user_id' | 'created_at' | 'notification_sent'> {
    const description =
      body.description === undefined && current
        ? current.description
        : sanitizeDescription(body.description);
    const location =
      body.location === undefined && current ? storedLocation(current) : body.location;
    return {
      title: body.title,
      description,
      search_text: searchTextOf(body.title, description, body.memo_tags),
      location_latitude: location?.latitude ?? null,
      location_longitude: location?.longitude ?? null,
      location_zoom: location ? location.zoom : null,
      location_description: location?.description?.trim() || null,
      date_event:
        body.date_event === undefined && current
          ? time(readTime(current.date_event))
          : dateOf(body.date_event),
      date_todo_due:
        body.date_todo_due === undefined && current
          ? time(readTime(current.date_todo_due))
          : dateOf(body.date_todo_due),
      memo_scheduled: time(publication.memoScheduled),
      status: publication.status,
      published_at: time(publication.publishedAt),
      is_todo: d.bool(body.todo),
      updated_at: d.time(now),
    };
  }

  async function afterWrite(
    trx: Trx,
    memoId: number,
    authorId: number,
    publication: Publication,
    wasScheduled: boolean,
  ): Promise<void> {
    await syncPublishJob(jobs, trx, memoId, publication, wasScheduled);
    if (publication.emit && publication.publishedAt) {
      await events.emitPublished({
        memoId,
        authorId,
        publishedAt: publication.publishedAt,
        reason: publication.emit,
        db: trx,
      });
    }
  }

  /**
   * `options.inTransaction` runs with the new memo's id inside the creating transaction, so a
   * caller's own record of the memo commits with it or not at all (the transfer's filing
   * job uses it to never make a memo twice); throwing there undoes the memo.
   */
  async function create(
    viewerId: number,
    body: MemoWriteParsed,
    options: { inTransaction?: (trx: Trx, memoId: number) => Promise<void> } = {},
  ): Promise<Memo> {
    const viewer = { userId: viewerId };
    const links = requestedLinks(body.memos_per_collection);
    const files = fileLists(body);
    const now = new Date();
    const maySchedule = body.isScheduled ? await mayScheduleMemo(viewerId) : false;
    const publication = decideSchedule(body, { maySchedule, now });
    await assertWritable(
      database,
      viewer,
      links.map((l) => l.id),
    );
    // transaction(): what the publication listeners dispatch goes out once this commits
    const id = await transaction(db, async (trx) => {
      const memoId = await insertMemo(trx, {
        ...columns(body, publication, now),
        user_id: viewerId,
        notification_sent: d.bool(false),
        created_at: d.time(now),
      });
      for (const link of links) {
        await addLink(trx, d, memoId, link.id, link.pinned ?? body.sequence_number === 1);
      }
      await replaceTodos(trx, d, memoId, body.memo_todos, viewerId);
      await replaceTags(trx, memoId, body.memo_tags);
      if (body.notify_me) await setWatching(trx, d, viewerId, memoId, true);
      await media.attachToMemo(trx, memoId, viewerId, files);
      await afterWrite(trx, memoId, viewerId, publication, false);
      await options.inTransaction?.(trx, memoId);
      return memoId;
    });
    return reads.read(viewer, id);
  }

  async function update(viewerId: number, id: number, body: MemoWriteParsed): Promise<Memo> {
    const viewer = { userId: viewerId };
    const current = await reads.loadVisible(viewer, id);
    if (current.user_id !== viewerId) throw forbidden();
    const links = requestedLinks(body.memos_per_collection);
    const files = fileLists(body);
    const now = new Date();
    const maySchedule = body.isScheduled ? await mayScheduleMemo(viewerId) : false;
    const publication = decideSchedule(body, { maySchedule, now, current });
    const existing = await memoLinks(db, d, viewer, id);
    const byCollection = new Map(existing.map((l) => [l.collection_id, l]));
    const wanted = new Set(links.map((l) => l.id));
    const added = links.filter((l) => !byCollection.has(l.id));
    const repinned = links.filter((l) => {
      const link = byCollection.get(l.id);
      return (
        link !== undefined && l.pinned !== undefined && (link.sequence_number === 1) !== l.pinned
      );
    });
    // Collections the author can no longer see keep the memo: they cannot be chosen or left.
    const removed = existing
      .filter((l) => l.visible && !wanted.has(l.collection_id))
      .map((l) => l.collection_id);
    await assertWritable(
      database,
      viewer,
      [...added, ...repinned].map((l) => l.id),
    );
    await transaction(db, async (trx) => {
      await updateMemo(trx, id, columns(body, publication, now, current));
      await removeLinks(trx, id, removed);
      for (const link of added) {
        await addLink(trx, d, id, link.id, link.pinned ?? body.sequence_number === 1);
      }
      for (const link of repinned) await setPinned(trx, id, link.id, link.pinned === true);
      await replaceTodos(trx, d, id, body.memo_todos, viewerId);
      await replaceTags(trx, id, body.memo_tags);
      if (body.notify_me !== undefined) await setWatching(trx, d, viewerId, id, body.notify_me);
      await media.attachToMemo(trx, id, viewerId, files);
      await afterWrite(trx, id, viewerId, publication, current.status === 'scheduled');
    });
    notices.changed(id, 'updated');
    return reads.read(viewer, id);
  }

  /**
   * The author deletes the memo. The owner of a collection it is in (not its author)
   * removes it from their collections (or the one named); the memo goes when none is left.
   */
  async function remove(viewerId: number, id: number, collectionId?: string): Promise<void> {
    const viewer = { userId: viewerId };
    const memo = await reads.loadVisible(viewer, id);
    const links = memo.user_id === viewerId ? [] : await memoLinks(db, d, viewer, id);
    const owned = links
      .filter((l) => l.owner_id === viewerId)
      .filter((l) => !collectionId || l.collection_id === collectionId)
      .map((l) => l.collection_id);
    if (memo.user_id !== viewerId && owned.length === 0) throw forbidden();
    const whole = memo.user_id === viewerId || owned.length === links.length;
    // Who sees it now: once it is gone, no query can tell.
    const audience = await notices.snapshot(id);
    await db.transaction().execute(async (trx) => {
      if (!whole) {
        await removeLinks(trx, id, owned);
        return;
      }
      // Its files go with it: storage given back, files removed once this commits.
      await media.deleteMemoAttachments(trx, [id]);
      await deleteMemo(trx, id);
      if (memo.status === 'scheduled') await jobs.cancel(publishJobKey(id), { db: trx });
    });
    notices.removed(audience, id, whole ? 'deleted' : 'updated');
  }

  return { create, update, remove, columns, afterWrite };
}

export type MemoWrites = ReturnType<typeof createMemoWrites>;
