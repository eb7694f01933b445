import { MENTIONS_MAX, mentionToken, parseMentions } from '@memoria/domain';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { isAvailable, loadPeople } from '../users/people.js';
import { blockedEitherWay } from '../blocks/service.js';

type Db = Kysely<DatabaseSchema>;

/**
 * The mentions of a comment text checked: tokens of people who exist, are available and
 * are not blocked with the writer either way are kept (at most MENTIONS_MAX people) and
 * carry the person's own name, whatever label was sent; the others become plain `@name`
 * text. Answers the text to store and the mentioned ids.
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
  const valid = new Map<number, string>();
  for (const id of wanted) {
    const person = people.get(id);
    if (person && isAvailable(person) && !(await blockedEitherWay(db, writerId, id))) {
      valid.set(id, person.name);
    }
  }
  let out = '';
  let at = 0;
  for (const token of tokens) {
    out += text.slice(at, token.index);
    const name = valid.get(token.userId);
    out += name === undefined ? `@${token.label}` : mentionToken(name, token.userId);
    at = token.index + token.length;
  }
  out += text.slice(at);
  return { text: out, mentions: [...valid.keys()] };
}
