import { z } from 'zod';
import type { Attachment } from './attachment.js';
import type { CollectionType } from './collection.js';
import type { UserSummary } from './people.js';
import { LIMITS, MAP_DEFAULT_ZOOM } from './constants.js';

export const MEMO_DESCRIPTION_MAX = 100_000;
export const MEMO_TAG_MAX = 50;
export const MEMO_TAGS_MAX = 30;
export const MEMO_TODOS_MAX = 500;
export const TODO_DESCRIPTION_MAX = 2000;
/** A todo line starting with this is a group header (docs/DOMAIN.md, Validation). */
export const TODO_HEADER_PREFIX = '##';
/** Default time of day for a schedule (docs/DOMAIN.md, Validation). */
export const DEFAULT_SCHEDULE_TIME = '06:00';

export interface Location {
  latitude: number;
  longitude: number;
  zoom: number;
  description: string | null;
}

export interface MemoTodo {
  id: number;
  description: string;
  closed: boolean;
  closed_by_user: UserSummary | null;
  sequence_number: number;
}

/** The collection a memo sits in, as far as the viewer may know it. */
export interface MemoCollectionRef {
  id: string;
  '@id': string;
  name: string;
  type: CollectionType | '';
  author: UserSummary;
  is_collaboration: boolean;
  collaboration_on_checklist: boolean;
  is_muted: boolean;
}

export interface MemoPerCollection {
  id: number;
  collection: MemoCollectionRef;
  /** 1 when pinned on top of that collection, else 0 */
  sequence_number: number;
}

export type MemoStatus = 'published' | 'scheduled';

/** A memo as the API answers it (docs/DOMAIN.md, Entities: Memo). */
export interface Memo {
  id: number;
  '@id': string;
  title: string;
  /** rich text (HTML from the editor, sanitised by the server) */
  description: string | null;
  /** the first collection the viewer may see */
  collection: MemoCollectionRef | null;
  author: UserSummary;
  memo_photos: Attachment[];
  memo_videos: Attachment[];
  memo_documents: Attachment[];
  memo_todos: MemoTodo[];
  memo_tags: string[];
  date_event: string | null;
  date_todo_due: string | null;
  memo_scheduled: string | null;
  isScheduled: boolean;
  status: MemoStatus;
  location: Location | null;
  /** pinned (1) or not (0) in the collection the list is for */
  sequence_number: number;
  reactions: Record<string, number>;
  my_reaction: string | null;
  my_reaction_id: number | null;
  comments_number: number;
  /** the viewer watches comments on this memo */
  notify_me: boolean;
  notification_sent: boolean;
  /** true when every collection of the memo that the viewer sees is muted by them */
  isHidden: boolean;
  createdAt: string;
  updatedAt: string;
  todo: boolean;
  content_type: string;
  memo_type: string;
  memos_per_collection: MemoPerCollection[];
  /** the viewer is connected with the author */
  is_connected: boolean;
  /** what the viewer may do, decided by the server */
  can_edit: boolean;
  can_delete: boolean;
  can_copy: boolean;
  /** the viewer may write comments (connection or follower of the author, the author's flags) */
  can_comment: boolean;
  /** the viewer may react (connection or follower of the author, the author's allow_reactions) */
  can_react: boolean;
  /** the viewer may read the comments and who reacted (the author, connections, followers) */
  can_see_engagement: boolean;
}

/** Tags trimmed, without a leading '#', deduplicated case-insensitively, first spelling kept. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/^#+/, '').trim();
    const key = tag.toLocaleLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

const isoDateTime = z.iso.datetime({ offset: true, message: 'validation.invalid' });

export const locationSchema = z
  .object({
    latitude: z.number().min(-90, 'validation.invalid').max(90, 'validation.invalid'),
    longitude: z.number().min(-180, 'validation.invalid').max(180, 'validation.invalid'),
    zoom: z.number().int().min(0).max(20).default(MAP_DEFAULT_ZOOM),
    description: z.string().trim().max(500, 'validation.tooLong').nullable().optional(),
  })
  .strict();

export const todoWriteSchema = z
  .object({
    id: z.number().int().positive().optional(),
    description: z.string().max(TODO_DESCRIPTION_MAX, 'validation.tooLong').default(''),
    closed: z.boolean().default(false),
    sequence_number: z.number().int().min(0).optional(),
  })
  .strict();

export const memoCollectionLinkSchema = z.union([
  z.string(),
  z.object({
    collection: z.union([z.string(), z.number()]),
    sequence_number: z.number().int().min(0).max(1).optional(),
  }),
]);

/**
 * POST /api/memo and PUT /api/memo/{id} (docs/DOMAIN.md, Validation). Todos without a
 * description are dropped; schedule rules need the clock, so the service checks them.
 */
export const memoWriteSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(LIMITS.memoTitleMax, 'validation.tooLong'),
    description: z.string().max(MEMO_DESCRIPTION_MAX, 'validation.tooLong').nullable().optional(),
    /**
     * collection IRIs/ids, or {collection, sequence_number} entries; missing or empty is a
     * violation on `memos_per_collection` saying the collection is required (docs/DOMAIN.md,
     * Validation)
     */
    memos_per_collection: z
      .array(memoCollectionLinkSchema)
      .max(50, 'validation.tooLong')
      .nullish()
      .superRefine((links, ctx) => {
        if (!links || links.length === 0) {
          ctx.addIssue({ code: 'custom', message: 'memo.collectionRequired' });
        }
      })
      .transform((links) => links ?? []),
    memo_todos: z
      .array(todoWriteSchema)
      .max(MEMO_TODOS_MAX, 'validation.tooLong')
      .default([])
      .transform((todos) => todos.filter((todo) => todo.description.trim() !== '')),
    memo_tags: z
      .array(z.string().trim().max(MEMO_TAG_MAX, 'validation.tooLong'))
      .max(MEMO_TAGS_MAX, 'validation.tooLong')
      .default([])
      .transform(normalizeTags),
    isScheduled: z.boolean().default(false),
    memo_scheduled: isoDateTime.nullable().optional(),
    date_event: isoDateTime.nullable().optional(),
    date_todo_due: isoDateTime.nullable().optional(),
    location: locationSchema.nullable().optional(),
    todo: z.boolean().default(false),
    sequence_number: z.number().int().min(0).max(1).optional(),
    /** attachment ids or IRIs in their order; left out: the memo's files stay as they are */
    memo_photos: z
      .array(z.union([z.string(), z.number()]))
      .max(200)
      .optional(),
    memo_videos: z
      .array(z.union([z.string(), z.number()]))
      .max(200)
      .optional(),
    memo_documents: z
      .array(z.union([z.string(), z.number()]))
      .max(200)
      .optional(),
    notify_me: z.boolean().optional(),
  })
  .strict();
export type MemoWrite = z.input<typeof memoWriteSchema>;
export type MemoWriteParsed = z.output<typeof memoWriteSchema>;

/** POST /api/memo/copy/{id}: the collection to copy into (IRI or id); default the first own one. */
export const memoCopySchema = z
  .object({ collection: z.union([z.string(), z.number()]).nullish() })
  .strict();
export type MemoCopy = z.input<typeof memoCopySchema>;

/** Longest `search` text the memo lists accept. */
export const MEMO_SEARCH_MAX = 200;
