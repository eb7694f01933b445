import { describe, expect, it } from 'vitest';
import type { UserSummary } from '@memoria/domain';
import { commentParts, fromDraft, mentionQuery, toDraft } from './mention-text';

const person = (id: number, name: string): UserSummary => ({
  id,
  '@id': `/api/user/${id}`,
  name,
  picture: null,
  label: '',
});

describe('comment mentions', () => {
  it('cuts a stored text into text and mentions', () => {
    expect(commentParts('hi @[Ada Lovelace](12), see @[Bo](3)!')).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'mention', label: 'Ada Lovelace', userId: 12 },
      { kind: 'text', text: ', see ' },
      { kind: 'mention', label: 'Bo', userId: 3 },
      { kind: 'text', text: '!' },
    ]);
    expect(commentParts('no mention @here')).toEqual([{ kind: 'text', text: 'no mention @here' }]);
  });

  it('shows mentions as @Name in the text box and turns them back on save', () => {
    const { draft, people } = toDraft('hi @[Ada Lovelace](12) and @[Ada](4)');
    expect(draft).toBe('hi @Ada Lovelace and @Ada');
    expect(people.map((p) => p.id)).toEqual([12, 4]);
    expect(fromDraft(draft, people)).toBe('hi @[Ada Lovelace](12) and @[Ada](4)');
    // an @ of nobody chosen stays plain text
    expect(fromDraft('mail me @ home @Zed', [person(1, 'Ada')])).toBe('mail me @ home @Zed');
  });

  it('suggests people only after @ and the minimum number of characters', () => {
    expect(mentionQuery('hello @a', 8)).toBeNull();
    expect(mentionQuery('hello @ad', 9)).toEqual({ start: 6, query: 'ad' });
    expect(mentionQuery('@ad', 3)).toEqual({ start: 0, query: 'ad' });
    expect(mentionQuery('mail@ada', 8)).toBeNull();
    expect(mentionQuery('hello @ad\nx', 11)).toBeNull();
  });
});
