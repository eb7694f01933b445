import { describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { pastNeighbourDrops } from './migrate.js';

const inSchema = (schema: string | undefined) => ({ schema }) as Database;
const schemaGone = (name: string) =>
  Object.assign(new Error(`schema "${name}" does not exist`), { code: '3F000' });
const tableGone = (name: string) =>
  Object.assign(new Error(`relation "${name}.kysely_migration" does not exist`), {
    code: '42P01',
  });

const columnGone = () =>
  Object.assign(new Error('column "lock_code_hash" of relation "users" does not exist'), {
    code: '42703',
  });

describe('reading migrations past a neighbouring schema dropped meanwhile', () => {
  it('reads again when another schema vanished during the catalog read', async () => {
    let reads = 0;
    const answer = await pastNeighbourDrops(inSchema('mine'), async () => {
      reads += 1;
      if (reads === 1) throw schemaGone('t_neighbour');
      if (reads === 2) throw tableGone('t_neighbour');
      if (reads === 3) throw columnGone();
      return 'read';
    });
    expect([answer, reads]).toEqual(['read', 4]);
  });

  it('does not hide its own schema missing, other errors, or a neighbour that keeps vanishing', async () => {
    await expect(
      pastNeighbourDrops(inSchema('mine'), () => Promise.reject(schemaGone('mine'))),
    ).rejects.toThrow('schema "mine" does not exist');
    let ownReads = 0;
    await expect(
      pastNeighbourDrops(inSchema('mine'), () => {
        ownReads += 1;
        return Promise.reject(tableGone('mine'));
      }),
    ).rejects.toThrow('relation "mine.kysely_migration" does not exist');
    expect(ownReads).toBe(1);
    await expect(
      pastNeighbourDrops(inSchema(undefined), () => Promise.reject(new Error('disk full'))),
    ).rejects.toThrow('disk full');
    let reads = 0;
    await expect(
      pastNeighbourDrops(inSchema('mine'), () => {
        reads += 1;
        return Promise.reject(schemaGone('t_neighbour'));
      }),
    ).rejects.toThrow('t_neighbour');
    expect(reads).toBe(5);
  });
});
