import { describe, expect, it } from 'vitest';
import { parseEmailList } from './email-list';
import { OTHER_GROUP, groupByLetter, matchesSearch } from './grouping';
import { qrLinkTarget } from './qr-link';

const people = (names: string[]) => names.map((name, id) => ({ id, name }));
const name = (p: { name: string }) => p.name;

describe('groupByLetter', () => {
  it('keeps 20 people in one sorted list (threshold is "above 20")', () => {
    const names = Array.from({ length: 20 }, (_, i) => `Person ${String.fromCharCode(90 - i)}`);
    const list = groupByLetter(people(names), { name });
    expect(list.grouped).toBe(false);
    expect(list.groups).toHaveLength(1);
    expect(list.groups[0]?.items[0]?.name).toBe('Person G');
  });

  it('groups 21 people by first letter, accents folded, "#" last', () => {
    const names = [
      ...Array.from({ length: 18 }, (_, i) => `Bert ${i}`),
      'émile',
      'Eva',
      '42 Studio',
    ];
    const list = groupByLetter(people(names), { name, locale: 'en' });
    expect(list.grouped).toBe(true);
    expect(list.groups.map((group) => group.letter)).toEqual(['B', 'E', OTHER_GROUP]);
    expect(list.groups[1]?.items.map(name)).toEqual(['émile', 'Eva']);
  });

  it('lists pinned (favourite) people first, outside the groups', () => {
    const names = Array.from({ length: 25 }, (_, i) => `Name ${i}`);
    const list = groupByLetter(people(names), { name, pinned: (p) => p.id === 3 || p.id === 24 });
    expect(list.pinned.map((p) => p.id)).toEqual([24, 3]);
    expect(list.groups.flatMap((g) => g.items)).toHaveLength(23);
  });
});

describe('matchesSearch', () => {
  it('ignores case and accents', () => {
    expect(matchesSearch('Chloé Carter', 'chloe')).toBe(true);
    expect(matchesSearch('Chloé Carter', 'zz')).toBe(false);
    expect(matchesSearch(null, 'a')).toBe(false);
    expect(matchesSearch(null, ' ')).toBe(true);
  });
});

describe('parseEmailList', () => {
  it('splits by comma, semicolon and newline, trims and drops duplicates', () => {
    expect(parseEmailList('a@x.org, b@y.org;c@z.org\r\nA@X.org\n\n d@w.org ')).toEqual({
      valid: ['a@x.org', 'b@y.org', 'c@z.org', 'd@w.org'],
      invalid: [],
    });
  });

  it('reports entries that are not addresses, as typed', () => {
    expect(parseEmailList('good@x.org; not-an-email, @x.org')).toEqual({
      valid: ['good@x.org'],
      invalid: ['not-an-email', '@x.org'],
    });
  });

  it('finds nothing in an empty field', () => {
    expect(parseEmailList(' ,; \n')).toEqual({ valid: [], invalid: [] });
  });
});

describe('qrLinkTarget', () => {
  it('turns a QR link, a public link or a bare token into the accept route', () => {
    expect(qrLinkTarget('https://memoria.test/connections/accept/AbCdEf123456?qr=1')).toBe(
      '/connections/accept/AbCdEf123456?qr=1',
    );
    expect(qrLinkTarget('https://memoria.test/p/connections/accept/AbCdEf123456')).toBe(
      '/connections/accept/AbCdEf123456?qr=1',
    );
    expect(qrLinkTarget('  AbCdEf123456 ')).toBe('/connections/accept/AbCdEf123456?qr=1');
  });

  it('refuses anything else', () => {
    expect(qrLinkTarget('https://evil.test/other/path')).toBeUndefined();
    expect(qrLinkTarget('short')).toBeUndefined();
    expect(qrLinkTarget('')).toBeUndefined();
  });
});
