import {
  idFromIri,
  iri,
  type ReportAnswer,
  type ReportType,
  type SupportRequest,
} from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { isoTime } from '../../db/dialect.js';
import { ApiError, ValidationFailed, violation } from '../../http/errors.js';
import { intIdFromIri } from '../../http/iri.js';
import { findPerson, isAvailable } from '../users/people.js';
import { findVisibleCollection, findVisibleMemo, hasOpenReport, insertReport } from './store.js';

/** What was reported, as found for the reporter. */
interface Target {
  memoId: number | null;
  collectionId: string | null;
  userId: number | null;
  ownerId: number;
  title: string;
  path: string;
}

/** The id in an app link (…/memo/12, …/collections/AbCdEf1234, …/profile/7), by type. */
function idFromLink(type: ReportType, link: string | undefined): string | undefined {
  if (!link) return undefined;
  let path: string;
  try {
    path = new URL(link, 'http://link.invalid').pathname;
  } catch {
    return undefined;
  }
  const pattern = {
    memo: /\/memo\/(\d{1,10})(?:\/|$)/,
    collection: /\/collections?\/([A-Za-z0-9]{10})(?:\/|$)/,
    profile: /\/(?:profile|user)\/(\d{1,10})(?:\/|$)/,
  }[type];
  return pattern.exec(path)?.[1];
}

const FIELD: Record<ReportType, 'memo' | 'collection' | 'user'> = {
  memo: 'memo',
  collection: 'collection',
  profile: 'user',
};

/**
 * Reports and support requests (docs/DOMAIN.md, Entities: Report, Validation: Reports; docs/API.md,
 * Calls: "Reports and support"): one call, POST /api/support/request. Reports name a memo,
 * collection or profile the reporter can see, with a mandatory reason; both are kept for moderation
 * with a title naming the reporter and a description giving link, title, reason and owner.
 */
export function createReportService(ctx: AppContext) {
  const { db, dialect } = ctx.database;
  const { publicUrl } = ctx.config;

  async function findTarget(viewer: number, type: ReportType, raw: string): Promise<Target> {
    const viewerRef = { userId: viewer };
    if (type === 'memo') {
      const id = intIdFromIri(raw, 'memo');
      const memo = id === undefined ? undefined : await findVisibleMemo(db, dialect, viewerRef, id);
      if (!memo) throw new ApiError(404, 'social.memoNotFound');
      return {
        memoId: memo.id,
        collectionId: null,
        userId: null,
        ownerId: memo.user_id,
        title: memo.title,
        path: `/memo/${memo.id}`,
      };
    }
    if (type === 'collection') {
      const id = idFromIri(raw, 'collection');
      const collection =
        id === undefined || !/^[A-Za-z0-9]{10}$/.test(id)
          ? undefined
          : await findVisibleCollection(db, dialect, viewerRef, id);
      if (!collection) throw new ApiError(404, 'social.collectionNotFound');
      return {
        memoId: null,
        collectionId: collection.id,
        userId: null,
        ownerId: collection.user_id,
        title: collection.name,
        path: `/collections/${collection.id}`,
      };
    }
    const id = intIdFromIri(raw, 'user');
    const person = id === undefined ? undefined : await findPerson(db, id);
    // A profile may be reported whatever blocks stand between the two.
    if (!person || !isAvailable(person)) throw new ApiError(404, 'social.userNotFound');
    return {
      memoId: null,
      collectionId: null,
      userId: person.id,
      ownerId: person.id,
      title: person.name,
      path: `/profile/${person.id}`,
    };
  }

  return {
    async submit(viewer: number, input: SupportRequest): Promise<ReportAnswer> {
      const reporter = await findPerson(db, viewer);
      if (!reporter) throw new ApiError(401, 'error.unauthorized');
      const reporterLabel = `${reporter.name} (${reporter.usermail}, ${iri('user', reporter.id)})`;
      const now = new Date();

      if (input.type === undefined) {
        const missing = (['title', 'description'] as const).filter((k) => !input[k]?.trim());
        if (missing.length > 0) {
          throw new ValidationFailed(
            missing.map((propertyPath) => ({ propertyPath, key: 'validation.required' })),
          );
        }
        const title = `${input.title?.trim()} — ${reporterLabel}`.slice(0, 300);
        const description = input.description?.trim() ?? '';
        const id = await insertReport(db, dialect, {
          reporterId: viewer,
          type: 'support',
          title,
          description,
          reason: null,
          link: input.link ?? null,
          memoId: null,
          collectionId: null,
          reportedUserId: null,
          at: now,
        });
        return {
          id,
          type: 'support',
          title,
          description,
          reason: null,
          link: input.link ?? null,
          status: 'open',
          created_at: isoTime(now) ?? '',
        };
      }

      const type = input.type;
      const reason = input.reason?.trim() ?? '';
      if (!reason) throw violation('reason', 'reports.reasonRequired');
      const field = FIELD[type];
      const given = input[field];
      const raw = given !== undefined ? String(given) : idFromLink(type, input.link);
      if (raw === undefined || raw === '') throw violation(field, 'reports.targetRequired');
      const target = await findTarget(viewer, type, raw);
      if (target.ownerId === viewer) throw violation('type', 'reports.own');

      if (await hasOpenReport(db, viewer, type, target)) throw new ApiError(409, 'reports.already');

      const owner = await findPerson(db, target.ownerId);
      const link = `${publicUrl}${target.path}`;
      const title = `Report of a ${type} by ${reporterLabel}`.slice(0, 300);
      const description = [
        `Link: ${link}`,
        ...(input.link && input.link !== link ? [`Link given: ${input.link}`] : []),
        `Title: ${target.title}`,
        `Reason: ${reason}`,
        `Owner: ${owner ? `${owner.name} (${iri('user', owner.id)})` : iri('user', target.ownerId)}`,
      ].join('\n');
      const id = await insertReport(db, dialect, {
        reporterId: viewer,
        type,
        title,
        description,
        reason,
        link,
        memoId: target.memoId,
        collectionId: target.collectionId,
        reportedUserId: target.userId,
        at: now,
      });
      return {
        id,
        type,
        title,
        description,
        reason,
        link,
        status: 'open',
        created_at: isoTime(now) ?? '',
      };
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
