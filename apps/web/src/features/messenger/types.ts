import {
  DELETED_MESSAGE_TEXT,
  isEmptyMessageText,
  type Message as WireMessage,
  type MessageStatus as WireStatus,
} from '@memoria/domain';

export type {
  MessageAttachment,
  MessageReaction,
  Thread,
  ThreadType,
  ThreadUser,
} from '@memoria/domain';

/**
 * A message as the screens hold it: the API's Message (packages/domain/src/messenger.ts),
 * plus `sending`, which exists only in the browser while the optimistic copy waits for the
 * server (docs/notes/messenger-screens.md, Sending).
 */
export type MessageStatus = WireStatus | 'sending';
export type Message = Omit<WireMessage, 'status' | 'key'> & { key: string; status: MessageStatus };
export type QuotedMessage = NonNullable<WireMessage['messageToReply']>;

/** A message off the wire, its key always a string (a message sent elsewhere may have none). */
export function fromWire(message: WireMessage): Message {
  return { ...message, key: message.key ?? `id-${message.id}` };
}

/** The text to show: none for `[empty]`; the deleted placeholder as the caller words it. */
export function messageText(
  message: { description: string; status?: string },
  deletedText: string,
) {
  if (message.status === 'deleted' || message.description === DELETED_MESSAGE_TEXT)
    return deletedText;
  return isEmptyMessageText(message.description) ? '' : message.description;
}
