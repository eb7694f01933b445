import type { UserSummary } from './people.js';

/**
 * The reactions a memo can get (docs/DOMAIN.md, Entities: Memo reactions; one per person per memo).
 */
export const REACTION_TYPES = ['like', 'love', 'haha', 'wow', 'sad', 'angry'] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];

export const REACTION_EMOJI: Record<ReactionType, string> = {
  like: '👍',
  love: '❤️',
  haha: '😂',
  wow: '😮',
  sad: '😢',
  angry: '😠',
};

export function isReactionType(value: unknown): value is ReactionType {
  return typeof value === 'string' && (REACTION_TYPES as readonly string[]).includes(value);
}

/** Longest comment text, in characters. */
export const COMMENT_MAX = 5000;
/** Characters to type after @ before people are suggested (docs/DOMAIN.md, Validation). */
export const MENTION_MIN_CHARS = 2;
/** Most people one comment may mention. */
export const MENTIONS_MAX = 20;
const MENTION_LABEL_MAX = 100;

/**
 * A mention inside comment text: `@[Ada Lovelace](12)`, the name shown and the user id.
 * The server keeps only mentions of people who exist and may be mentioned; others become
 * plain `@name` text.
 */
export const MENTION_PATTERN = /@\[([^\]\n]{1,100})\]\((\d{1,10})\)/g;

export interface MentionToken {
  /** index of the '@' in the text */
  index: number;
  length: number;
  label: string;
  userId: number;
}

export function mentionToken(label: string, userId: number): string {
  const clean =
    label
      .replace(/[[\]\n]/g, ' ')
      .trim()
      .slice(0, MENTION_LABEL_MAX) || '?';
  return `@[${clean}](${userId})`;
}

/** The mention tokens of a comment text, in order. */
export function parseMentions(text: string): MentionToken[] {
  const found: MentionToken[] = [];
  for (const match of text.matchAll(MENTION_PATTERN)) {
    found.push({
      index: match.index,
      length: match[0].length,
      label: match[1] as string,
      userId: Number(match[2]),
    });
  }
  return found;
}

/** A comment as the API answers it. */
export interface MemoComment {
  id: number;
  '@id': string;
  /** the memo IRI */
  memo: string;
  /** plain text with mention tokens (`@[name](id)`) */
  description: string;
  author: UserSummary;
  /** the comment this one answers (IRI), null for a top-level comment */
  parent: string | null;
  replies_count: number;
  /** the people the text mentions */
  mentions: UserSummary[];
  createdAt: string;
  updatedAt: string;
  edited: boolean;
  can_edit: boolean;
  can_delete: boolean;
}

/** A reaction as the API answers it (with the person who reacted). */
export interface MemoReaction {
  id: number;
  '@id': string;
  memo: string;
  reaction_type: ReactionType;
  user: UserSummary;
  createdAt: string;
}

/**
 * Comment text as stored: line ends unified, control characters removed, spaces at the
 * ends trimmed, at most two empty lines in a row.
 */
export function normalizeCommentText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/\n{4,}/g, '\n\n\n')
      .trim()
  );
}

/**
 * Reaction counts after the viewer's reaction moves from `from` to `to` (either may be
 * null): the new one counts one more, the old one less; a count reaching 0 is dropped.
 */
export function moveReaction(
  counts: Record<string, number>,
  from: string | null,
  to: string | null,
): Record<string, number> {
  const next = { ...counts };
  if (from === to) return next;
  if (from !== null) {
    const left = (next[from] ?? 0) - 1;
    if (left > 0) next[from] = left;
    else delete next[from];
  }
  if (to !== null) next[to] = (next[to] ?? 0) + 1;
  return next;
}
