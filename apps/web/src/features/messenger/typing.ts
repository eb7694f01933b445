import { useSyncExternalStore } from 'react';
import { MESSENGER } from '@memoria/domain';
import { sendSocket } from '../../api/socket';

/**
 * Who is typing where (docs/notes/messenger.md, Socket): a notice lasts a little longer than
 * the server's relay interval, so a person still typing stays shown without a flicker.
 */
export const TYPING_SHOWN_MS = MESSENGER.typingThrottleMs + 2000;

type Typist = { name: string; until: number };
const typists = new Map<number, Map<number, Typist>>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version += 1;
  for (const listener of [...listeners]) listener();
}

export function noteTyping(threadId: number, userId: number, name: string, now = Date.now()) {
  let thread = typists.get(threadId);
  if (!thread) {
    thread = new Map();
    typists.set(threadId, thread);
  }
  thread.set(userId, { name, until: now + TYPING_SHOWN_MS });
  changed();
  setTimeout(changed, TYPING_SHOWN_MS + 10);
}

/** A person who sent a message has stopped typing it. */
export function stopTyping(threadId: number, userId: number) {
  if (typists.get(threadId)?.delete(userId)) changed();
}

export function typingNames(threadId: number, now = Date.now()): string[] {
  return [...(typists.get(threadId)?.values() ?? [])]
    .filter((typist) => typist.until > now)
    .map((typist) => typist.name);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The names of the others typing in a thread now. */
export function useTypingNames(threadId: number): string[] {
  useSyncExternalStore(subscribe, () => version);
  return typingNames(threadId);
}

let lastSent = { threadId: 0, at: 0 };

/** Tells the others that the viewer is typing, at most once per relay interval. */
export function announceTyping(threadId: number, now = Date.now()): void {
  if (lastSent.threadId === threadId && now - lastSent.at < MESSENGER.typingThrottleMs) return;
  if (sendSocket({ message_type: 'typing', thread_id: threadId })) lastSent = { threadId, at: now };
}

/** Forgets every notice (sign-out, tests). */
export function resetTyping(): void {
  typists.clear();
  lastSent = { threadId: 0, at: 0 };
  changed();
}
