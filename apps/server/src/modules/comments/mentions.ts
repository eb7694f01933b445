import { MENTIONS_MAX, parseMentions } from '@memoria/domain';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { isAvailable, loadPeople } from '../profiles/people.js';
import { blockedEitherWay } from '../profiles/relations.js';

type Db = Kysely<DatabaseSchema>;

/**
 * The mentions of a comment text checked: tokens of people who exist, are available and
 * are not blocked with the writer either way are kept (at most MENTIONS_MAX people); the
 * others become plain `@name` text. Answers the text to store and the mentioned ids.
 */
export async function resolveMentions(
  db: Db,
  writerId: number,
  text: string,
): Promise<{ text: string; mentions: number[] }> {
  const tokens = parseMentions(text);
  if (tokens.length === 0) return { text, mentions: [] };
  const wanted = [...new Set(tokens.map((t) => t.userId))].slice(0, MENTIONS_MAX);
  const people = await loadPeople(db, wanted);
  const valid = new Set<number>();
  for (const id of wanted) {
    const person = people.get(id);
    if (person && isAvailable(person) && !(await blockedEitherWay(db, writerId, id))) {
      valid.add(id);
    }
  }
  let out = '';
  let at = 0;
  for (const token of tokens) {
    out += text.slice(at, token.index);
    out += valid.has(token.userId)
      ? text.slice(token.index, token.index + token.length)
      : `@${token.label}`;
    at = token.index + token.length;
  }
  out += text.slice(at);
  return { text: out, mentions: [...valid] };
}
