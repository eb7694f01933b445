import type { PhotoVariant } from './media.js';

/**
 * The messenger's shared rules and wire shapes (docs/notes/messenger.md; docs/RULES.md,
 * Messenger). The server validates with the schemas of messenger-schemas.ts; the web app
 * imports the same constants and checks to grey out what the server would refuse.
 */

export const THREAD_TYPES = ['direct', 'group'] as const;
export type ThreadType = (typeof THREAD_TYPES)[number];

export const MESSENGER = {
  /** messages per page of a thread, newest page first */
  messagesPerPage: 20,
  /** the thread list is asked for in one page this large */
  threadsPerPage: 99999,
  /** longest message text, in characters */
  messageMax: 5000,
  /** longest thread name and description */
  threadNameMax: 250,
  threadDescriptionMax: 2000,
  /** most people a group may be created with or given at once */
  membersMax: 100,
  /** photos or documents on one message */
  attachmentsMax: 10,
  /** longest client key of a message */
  keyMax: 64,
  /** messages answered per `after_seq` page of the resume call */
  resumePageMax: 100,
  /** a person's typing notice is relayed at most this often per thread */
  typingThrottleMs: 3000,
  /** lifetime of a chat token for the socket */
  chatTokenSeconds: 60,
} as const;

/** The description of a message that has no text (only photos or documents). */
export const EMPTY_MESSAGE_TEXT = '[empty]';
/** The description a deleted message is left with. */
export const DELETED_MESSAGE_TEXT = '[deleted]';
/** The answer when a group is created without a name (untranslated protocol text too). */
export const GROUP_NAME_REQUIRED = 'A group name is needed for group conversations';

export const MESSAGE_STATUSES = ['sent', 'deleted', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** True when the text is the `[empty]` marker or blank: the message has no text. */
export function isEmptyMessageText(text: string | null | undefined): boolean {
  return text == null || text.trim() === '' || text === EMPTY_MESSAGE_TEXT;
}

const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

/** One real emoji (a single grapheme that is a pictograph, flag or keycap). */
export function isSingleEmoji(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 32) return false;
  const segments = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(value)];
  return segments.length === 1 && PICTOGRAPH.test(value);
}

/**
 * Thread administration (docs/RULES.md, Messenger): only an admin of a group renames it,
 * changes its picture, adds or removes members and grants or revokes admin. A direct
 * thread has no administration.
 */
export function mayAdministerThread(threadType: ThreadType, isAdmin: boolean): boolean {
  return threadType === 'group' && isAdmin;
}

/** Who may delete a message: its author, or an admin of the group it is in. */
export function mayDeleteMessage(
  threadType: ThreadType,
  viewer: { userId: number; isAdmin: boolean },
  authorId: number,
): boolean {
  return viewer.userId === authorId || mayAdministerThread(threadType, viewer.isAdmin);
}

/** A person in a thread as the API answers it. */
export interface ThreadUser {
  id: number;
  user_id: number;
  '@id': string;
  name: string;
  picture: string | null;
  label: string;
  isAdmin: boolean;
  admin: boolean;
  /** the thread is muted by this person (no push, no e-mail) */
  block_push: boolean;
  joined_at: string;
  last_read_at: string | null;
  /** the number of the last message this person has read */
  last_read_seq: number;
}

export interface Thread {
  id: number;
  '@id': string;
  created_at: string;
  thread_type: ThreadType;
  name: string | null;
  description: string | null;
  thread_picture: { id: number; content_url: string } | null;
  users: ThreadUser[];
  last_message: string | null;
  last_message_created_at: string | null;
  /** the caller's read state */
  last_read_at: string | null;
  unread: number;
  muted: boolean;
  /** number of the newest message (0 when none) */
  last_seq: number;
}

export interface MessageReaction {
  unicode: string;
  count: number;
  users: Array<{ user_id: number; reacted_at: string }>;
}

export interface MessageAttachment {
  id: number;
  '@id': string;
  /** photos: the signed default size; documents: the signed file */
  content_url: string;
  /** photos: a signed URL per size, as memo photos have, for srcset; null for documents */
  secure_urls: Partial<Record<PhotoVariant, string>> | null;
  width: number | null;
  height: number | null;
  name: string;
  mime_type: string;
}

export interface Message {
  id: number;
  '@id': string;
  key: string | null;
  /** the message's number in its thread, 1, 2, 3… */
  seq: number;
  thread: string;
  thread_id: number;
  created_at: string;
  modified_at: string;
  description: string;
  messageToReply: {
    id: number;
    '@id': string;
    description: string;
    user_id: number;
    status: MessageStatus;
  } | null;
  edited: boolean;
  edit_history: Array<{ description: string; edited_at: string }>;
  read_by_users: number[];
  user: { id: number; '@id': string; name: string; picture: string | null; label: string };
  /** the delegate who wrote it for the account, when one did */
  sent_by: number | null;
  message_photos: MessageAttachment[];
  message_documents: MessageAttachment[];
  reactions: MessageReaction[];
  status: MessageStatus;
}

/** Socket messages the server sends about the messenger (docs/notes/messenger.md). */
export const MESSENGER_EVENTS = [
  'new_message',
  'message_edited',
  'message_deleted',
  /** one photo or document of a message was removed (the message as it is now, file_id) */
  'message_file_removed',
  'message_reactions',
  'thread_read',
  'typing',
  'thread_created',
  'thread_updated',
  'removed_from_thread',
] as const;
export type MessengerEvent = (typeof MESSENGER_EVENTS)[number];
