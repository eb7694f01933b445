import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { hydraCollection, parsePaging, sendCollection, wantsHydra } from './hydra.js';
import { intIdFromIri, iriRef } from './iri.js';

describe('hydra paging', () => {
  const options = { defaultItemsPerPage: 10, maxItemsPerPage: 50 };

  it('defaults and computes the offset from the page', () => {
    expect(parsePaging({}, options)).toEqual({ page: 1, itemsPerPage: 10, offset: 0 });
    expect(parsePaging({ page: '3', itemsPerPage: '20' }, options)).toEqual({
      page: 3,
      itemsPerPage: 20,
      offset: 40,
    });
    expect(parsePaging(undefined, options).offset).toBe(0);
  });

  it('bounds bad values instead of failing', () => {
    expect(parsePaging({ page: '-4', itemsPerPage: '0' }, options)).toEqual({
      page: 1,
      itemsPerPage: 1,
      offset: 0,
    });
    expect(parsePaging({ itemsPerPage: '100000' }, options).itemsPerPage).toBe(50);
    expect(parsePaging({ page: 'abc', itemsPerPage: '1e9' }, options)).toEqual({
      page: 1,
      itemsPerPage: 10,
      offset: 0,
    });
    expect(parsePaging({ page: '99999999999' }, options).offset).toBeLessThanOrEqual(
      Number.MAX_SAFE_INTEGER,
    );
    expect(parsePaging({ page: ['2', '5'] }, options).page).toBe(2);
  });

  it('an explicit offset wins over the page', () => {
    expect(parsePaging({ page: '3', offset: '7' }, options).offset).toBe(7);
    expect(parsePaging({ offset: '-3' }, options).offset).toBe(0);
  });
});

describe('hydra negotiation', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.get('/api/things', (request, reply) =>
      sendCollection(request, reply, [{ id: 1 }, { id: 2 }], 7),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers the hydra collection for application/ld+json', async () => {
    const res = await app.inject({
      url: '/api/things?page=1',
      headers: { accept: 'application/ld+json' },
    });
    expect(res.headers['content-type']).toContain('application/ld+json');
    expect(res.json()).toEqual({
      '@context': '/api/contexts/Collection',
      '@id': '/api/things',
      '@type': 'hydra:Collection',
      'hydra:member': [{ id: 1 }, { id: 2 }],
      'hydra:totalItems': 7,
    });
  });

  it('answers the plain array for application/json or no Accept', async () => {
    for (const accept of ['application/json', undefined, '*/*']) {
      const res = await app.inject({
        url: '/api/things',
        headers: accept ? { accept } : {},
      });
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual([{ id: 1 }, { id: 2 }]);
    }
  });

  it('helpers', () => {
    expect(wantsHydra({ headers: { accept: 'application/ld+json, application/json;q=0.5' } })).toBe(
      true,
    );
    expect(hydraCollection('/api/x', [], 0)['hydra:totalItems']).toBe(0);
  });
});

describe('IRI helpers', () => {
  it('accepts an IRI or a bare id', () => {
    expect(intIdFromIri('/api/user/12')).toBe(12);
    expect(intIdFromIri('/api/user/12', 'user')).toBe(12);
    expect(intIdFromIri('12')).toBe(12);
    expect(intIdFromIri(12)).toBe(12);
    expect(intIdFromIri('/api/collection/12', 'user')).toBeUndefined();
    expect(intIdFromIri('abc')).toBeUndefined();
    expect(intIdFromIri('0')).toBeUndefined();
    expect(intIdFromIri('99999999999')).toBeUndefined();
    expect(intIdFromIri(null)).toBeUndefined();
  });

  it('iriRef: a request field taking an IRI or an id', () => {
    const user = iriRef('user');
    expect(user.parse('/api/user/5')).toBe(5);
    expect(user.parse(5)).toBe(5);
    const wrong = user.safeParse('/api/collection/5');
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe('validation.invalid');
  });
});
