import { initialsOf } from '@memoria/domain';
import type { Message, Thread, ThreadUser } from './types';

/**
 * How a thread presents itself (docs/notes/messenger-screens.md, Screens): a group by its name and
 * picture, a direct thread by the other person's name and picture.
 */
export function otherMember(thread: Thread, myId: number): ThreadUser | undefined {
  return thread.users.find((user) => user.user_id !== myId);
}

export function threadName(thread: Thread, myId: number): string {
  if (thread.thread_type === 'group') return thread.name ?? '';
  return otherMember(thread, myId)?.name ?? thread.name ?? '';
}

export function threadPicture(thread: Thread, myId: number): string | null {
  if (thread.thread_type === 'group') return thread.thread_picture?.content_url ?? null;
  return otherMember(thread, myId)?.picture ?? null;
}

export function threadInitials(thread: Thread, myId: number): string {
  return initialsOf(threadName(thread, myId));
}

export function meIn(thread: Thread | undefined, myId: number): ThreadUser | undefined {
  return thread?.users.find((user) => user.user_id === myId);
}

/** A calendar day in the viewer's time zone, `YYYY-MM-DD`. */
export function dayOf(value: string | Date): string {
  const date = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface DayGroup {
  day: string;
  messages: Message[];
}

/** Messages (oldest first) in runs of one day each. */
export function groupByDay(messages: Message[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const message of messages) {
    const day = dayOf(message.created_at);
    const last = groups[groups.length - 1];
    if (last?.day === day) last.messages.push(message);
    else groups.push({ day, messages: [message] });
  }
  return groups;
}

/** 'today', 'yesterday' or the date itself, for a day heading. */
export function dayKind(day: string, now = new Date()): 'today' | 'yesterday' | 'date' {
  if (day === dayOf(now)) return 'today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  return day === dayOf(yesterday) ? 'yesterday' : 'date';
}

/**
 * The members (other than the author) who have read a message: their last read number
 * reaches it.
 */
export function seenBy(thread: Thread, message: Message): ThreadUser[] {
  if (message.seq <= 0) return [];
  return thread.users.filter(
    (user) => user.user_id !== message.user.id && user.last_read_seq >= message.seq,
  );
}

/** Threads whose name or members match a text, for the list's search while typing. */
export function matchesThread(thread: Thread, myId: number, text: string): boolean {
  const wanted = text.trim().toLocaleLowerCase();
  if (!wanted) return true;
  const names = [threadName(thread, myId), ...thread.users.map((user) => user.name)];
  return names.some((name) => name.toLocaleLowerCase().includes(wanted));
}
