import { z } from 'zod';
import { MESSENGER, THREAD_TYPES } from './messenger.js';

/**
 * The messenger's request schemas (docs/notes/messenger.md), apart from its constants
 * (messenger.ts): the web app's first screen reads those constants (the unread badge, the
 * live cache), and a module it imports is bundled whole, zod with it (about 30 kB gzip).
 */

const ref = z.union([z.string().max(200), z.number()]);
const refs = z.array(ref).max(MESSENGER.membersMax);

/** POST /api/thread */
export const threadCreateSchema = z
  .object({
    users: refs.min(1, 'validation.required'),
    thread_type: z.enum(THREAD_TYPES),
    name: z.string().max(MESSENGER.threadNameMax, 'validation.tooLong').nullish(),
    description: z.string().max(MESSENGER.threadDescriptionMax, 'validation.tooLong').nullish(),
    /** an uploaded picture (POST /api/thread/picture): its id or IRI */
    thread_picture: ref.nullish(),
    /** a group with the same members as an existing one is refused unless this is true */
    create_anyway: z.boolean().optional(),
  })
  .strict();
export type ThreadCreate = z.input<typeof threadCreateSchema>;

/** One member change in PATCH /api/thread/{id}: admin flag of a present member. */
const memberFlag = z.object({ user: ref, admin: z.boolean() }).strict();

/** PATCH /api/thread/{id} (admins only for everything but nothing else) */
export const threadPatchSchema = z
  .object({
    name: z.string().max(MESSENGER.threadNameMax, 'validation.tooLong').optional(),
    description: z
      .string()
      .max(MESSENGER.threadDescriptionMax, 'validation.tooLong')
      .nullable()
      .optional(),
    thread_picture: ref.nullable().optional(),
    /** people to add (IRIs or ids) */
    add_users: refs.optional(),
    /** people to remove */
    remove_users: refs.optional(),
    /** grant or revoke admin */
    admins: z.array(memberFlag).max(MESSENGER.membersMax).optional(),
  })
  .strict();
export type ThreadPatch = z.input<typeof threadPatchSchema>;

const messageText = z.string().max(MESSENGER.messageMax, 'validation.tooLong');
const attachmentRefs = z.array(ref).max(MESSENGER.attachmentsMax, 'validation.tooMany');

/** POST /api/thread/message */
export const messageCreateSchema = z
  .object({
    /** `/api/thread/{id}` */
    thread: ref,
    /** the text; `[empty]` or omitted when only attachments are sent */
    description: messageText.nullish(),
    /** `/api/thread/message/{id}` of a message in the same thread */
    reply_to_message: ref.nullish(),
    message_photos: attachmentRefs.optional(),
    message_documents: attachmentRefs.optional(),
    /** the client's key: a retried send with the same key answers the same message */
    key: z.string().min(1).max(MESSENGER.keyMax).optional(),
  })
  .strict();
export type MessageCreate = z.input<typeof messageCreateSchema>;

/** PATCH /api/thread/message/{id} */
export const messagePatchSchema = z.object({ description: messageText }).strict();

/** PATCH /api/thread/message/{id}/reaction */
export const messageReactionSchema = z.object({ unicode: z.string().max(64) }).strict();
