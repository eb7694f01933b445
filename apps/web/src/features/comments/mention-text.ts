import { MENTION_MIN_CHARS, mentionToken, parseMentions, type UserSummary } from '@memoria/domain';

/** A piece of a comment as shown: text, or a mention linking to the person's profile. */
export type CommentPart =
  { kind: 'text'; text: string } | { kind: 'mention'; label: string; userId: number };

/** The comment text cut into text and mentions (`@[Ada](12)` → mention of 12 shown as @Ada). */
export function commentParts(text: string): CommentPart[] {
  const parts: CommentPart[] = [];
  let at = 0;
  for (const token of parseMentions(text)) {
    if (token.index > at) parts.push({ kind: 'text', text: text.slice(at, token.index) });
    parts.push({ kind: 'mention', label: token.label, userId: token.userId });
    at = token.index + token.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

/**
 * What the text box shows for a stored text: mentions as `@Name`, and the people they
 * stand for (to turn them back into tokens on save).
 */
export function toDraft(text: string): { draft: string; people: UserSummary[] } {
  const people = new Map<number, UserSummary>();
  let draft = '';
  for (const part of commentParts(text)) {
    if (part.kind === 'text') {
      draft += part.text;
    } else {
      draft += `@${part.label}`;
      people.set(part.userId, {
        id: part.userId,
        '@id': `/api/user/${part.userId}`,
        name: part.label,
        picture: null,
        label: '',
      });
    }
  }
  return { draft, people: [...people.values()] };
}

/**
 * The text to send: each `@Name` of a person chosen from the suggestions becomes their
 * token; longer names first, so "@Ada Lovelace" is not taken for "@Ada".
 */
export function fromDraft(draft: string, people: UserSummary[]): string {
  const byLength = [...people].sort((a, b) => b.name.length - a.name.length);
  let out = '';
  let i = 0;
  while (i < draft.length) {
    if (draft[i] === '@') {
      const person = byLength.find((p) => draft.startsWith(`@${p.name}`, i));
      if (person) {
        out += mentionToken(person.name, person.id);
        i += person.name.length + 1;
        continue;
      }
    }
    out += draft[i];
    i += 1;
  }
  return out;
}

/**
 * The mention being typed at the caret: the text after an '@' that starts a word, once it
 * has MENTION_MIN_CHARS characters and no line break; null otherwise.
 */
export function mentionQuery(
  draft: string,
  caret: number,
): { start: number; query: string } | null {
  const before = draft.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(before[at - 1] ?? '')) return null;
  const query = before.slice(at + 1);
  if (query.length < MENTION_MIN_CHARS || query.length > 40 || /[\n@]/.test(query)) return null;
  return { start: at, query };
}
