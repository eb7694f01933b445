import { z } from 'zod';
import { MESSAGE_STATUSES, THREAD_TYPES } from '@memoria/domain';

/** Answer schemas of the messenger routes (docs/notes/messenger.md, Calls). */

const person = {
  id: z.number(),
  '@id': z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  label: z.string(),
};

export const threadAnswer = z.object({
  id: z.number(),
  '@id': z.string(),
  created_at: z.string(),
  thread_type: z.enum(THREAD_TYPES),
  name: z.string().nullable(),
  description: z.string().nullable(),
  thread_picture: z.object({ id: z.number(), content_url: z.string() }).nullable(),
  users: z.array(
    z.object({
      ...person,
      user_id: z.number(),
      isAdmin: z.boolean(),
      admin: z.boolean(),
      block_push: z.boolean(),
      joined_at: z.string(),
      last_read_at: z.string().nullable(),
      last_read_seq: z.number(),
    }),
  ),
  last_message: z.string().nullable(),
  last_message_created_at: z.string().nullable(),
  last_read_at: z.string().nullable(),
  unread: z.number(),
  muted: z.boolean(),
  last_seq: z.number(),
});

export const reactionsAnswer = z.array(
  z.object({
    unicode: z.string(),
    count: z.number(),
    users: z.array(z.object({ user_id: z.number(), reacted_at: z.string() })),
  }),
);

const attachment = z.object({
  id: z.number(),
  '@id': z.string(),
  content_url: z.string(),
  /** photos: a signed URL per size (for srcset); null for documents */
  secure_urls: z.record(z.string(), z.string()).nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  name: z.string(),
  mime_type: z.string(),
});

export const messageAnswer = z.object({
  id: z.number(),
  '@id': z.string(),
  key: z.string().nullable(),
  seq: z.number(),
  thread: z.string(),
  thread_id: z.number(),
  created_at: z.string(),
  modified_at: z.string(),
  description: z.string(),
  messageToReply: z
    .object({
      id: z.number(),
      '@id': z.string(),
      description: z.string(),
      user_id: z.number(),
      status: z.enum(MESSAGE_STATUSES),
    })
    .nullable(),
  edited: z.boolean(),
  edit_history: z.array(z.object({ description: z.string(), edited_at: z.string() })),
  read_by_users: z.array(z.number()),
  user: z.object(person),
  sent_by: z.number().nullable(),
  message_photos: z.array(attachment),
  message_documents: z.array(attachment),
  reactions: reactionsAnswer,
  status: z.enum(MESSAGE_STATUSES),
});

export const sendAnswer = z.object({
  message: messageAnswer,
  originalMessage: messageAnswer.nullable(),
});

export const idParams = z.object({ id: z.string().max(64) });
const pagingFields = {
  page: z.string().max(20).optional(),
  itemsPerPage: z.string().max(20).optional(),
};
export const threadListQuery = z.object({
  ...pagingFields,
  search: z.string().max(200).optional(),
});
export const messagesQuery = z.object({
  ...pagingFields,
  after_seq: z
    .string()
    .regex(/^\d{1,9}$/)
    .optional(),
});
const userIds = z.union([z.string().max(200), z.array(z.string().max(200)).max(100)]);
export const byUsersQuery = z.object({
  'user_ids[]': userIds.optional(),
  user_ids: userIds.optional(),
});
export const reactionQuery = z.object({ remove: z.enum(['true', 'false']).optional() });

export { listOf } from '../comments/answers.js';
