import { z } from 'zod';
import { COLLECTION_TYPES } from '@memoria/domain';

/** Response schemas: the Memo shape of @memoria/domain for OpenAPI (and nothing else leaves). */

export const userSummaryAnswer = z.object({
  id: z.number(),
  '@id': z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  label: z.string(),
});

export const memoTodoAnswer = z.object({
  id: z.number(),
  description: z.string(),
  closed: z.boolean(),
  closed_by_user: userSummaryAnswer.nullable(),
  sequence_number: z.number(),
});

const collectionRefAnswer = z.object({
  id: z.string(),
  '@id': z.string(),
  name: z.string(),
  type: z.enum([...COLLECTION_TYPES, '']),
  author: userSummaryAnswer,
  is_collaboration: z.boolean(),
  collaboration_on_checklist: z.boolean(),
  is_muted: z.boolean(),
});

/** Attachments are described by the media module; memos pass them through unchanged. */
const attachmentsAnswer = z.array(z.unknown());

export const memoAnswer = z.object({
  id: z.number(),
  '@id': z.string(),
  title: z.string(),
  description: z.string().nullable().describe('sanitised HTML'),
  collection: collectionRefAnswer.nullable(),
  author: userSummaryAnswer,
  memo_photos: attachmentsAnswer,
  memo_videos: attachmentsAnswer,
  memo_documents: attachmentsAnswer,
  memo_todos: z.array(memoTodoAnswer),
  memo_tags: z.array(z.string()),
  date_event: z.string().nullable(),
  date_todo_due: z.string().nullable(),
  memo_scheduled: z.string().nullable(),
  isScheduled: z.boolean(),
  status: z.enum(['published', 'scheduled']),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      zoom: z.number(),
      description: z.string().nullable(),
    })
    .nullable(),
  sequence_number: z.number().describe('1 when pinned in the collection named or listed'),
  reactions: z.record(z.string(), z.number()),
  my_reaction: z.string().nullable(),
  my_reaction_id: z.number().nullable(),
  comments_number: z.number(),
  notify_me: z.boolean(),
  notification_sent: z.boolean(),
  isHidden: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  todo: z.boolean(),
  content_type: z.string(),
  memo_type: z.string(),
  memos_per_collection: z.array(
    z.object({ id: z.number(), collection: collectionRefAnswer, sequence_number: z.number() }),
  ),
  is_connected: z.boolean(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_copy: z.boolean(),
  can_comment: z.boolean(),
  can_react: z.boolean(),
  can_see_engagement: z.boolean(),
});

export const memoListAnswer = z.union([
  z.array(memoAnswer),
  z.object({
    '@context': z.string(),
    '@id': z.string(),
    '@type': z.string(),
    'hydra:member': z.array(memoAnswer),
    'hydra:totalItems': z.number(),
  }),
]);

export const secretLinkAnswer = z.object({ secret_link: z.string() });
