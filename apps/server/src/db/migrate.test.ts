import { describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { pastNeighbourDrops } from './migrate.js';

const inSchema = (schema: string | undefined) => ({ schema }) as Database;
const schemaGone = (name: string) =>
  Object.assign(new Error(`schema "${name}" does not exist`), { code: '3F000' });

describe('reading migrations past a neighbouring schema dropped meanwhile', () => {
  it('reads again when another schema vanished during the catalog read', async () => {
    let reads = 0;
    const answer = await pastNeighbourDrops(inSchema('mine'), async () => {
      reads += 1;
      if (reads < 3) throw schemaGone('t_neighbour');
      return 'read';
    });
    expect([answer, reads]).toEqual(['read', 3]);
  });

  it('does not hide its own schema missing, other errors, or a neighbour that keeps vanishing', async () => {
    await expect(
      pastNeighbourDrops(inSchema('mine'), () => Promise.reject(schemaGone('mine'))),
    ).rejects.toThrow('schema "mine" does not exist');
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
