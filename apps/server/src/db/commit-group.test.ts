import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, describeDb, type TestApp } from '../test/harness.js';
import { signedInUser } from '../test/factories.js';
import { createCommitGroup } from './commit-group.js';

describeDb('commit group', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const mailOf = async (id: number) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('usermail')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).usermail;

  it('commits the units sent together; one that fails is undone alone and rejects alone', async () => {
    const [ada, bob, cy] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const inCommitGroup = createCommitGroup(t.database);
    const rename = (id: number, name: string) =>
      inCommitGroup(async (trx) => {
        await trx.updateTable('users').set({ usermail: name }).where('id', '=', id).execute();
        return name;
      });
    const results = await Promise.allSettled([
      rename(ada.id, 'ada-grouped@example.test'),
      inCommitGroup(async (trx) => {
        await trx
          .updateTable('users')
          .set({ usermail: 'bob-undone@example.test' })
          .where('id', '=', bob.id)
          .execute();
        // a statement that fails after a write of its own: the write must not stay
        await sql`select * from no_such_table`.execute(trx);
      }),
      rename(cy.id, 'cy-grouped@example.test'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[0] as PromiseFulfilledResult<string>).value).toBe('ada-grouped@example.test');
    expect(await mailOf(ada.id)).toBe('ada-grouped@example.test');
    expect(await mailOf(bob.id)).toBe(bob.usermail);
    expect(await mailOf(cy.id)).toBe('cy-grouped@example.test');
  });

  it('what a unit wrote is there to read as soon as its promise settles', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => signedInUser(t)));
    const inCommitGroup = createCommitGroup(t.database);
    const seen = await Promise.all(
      people.map(async (person, i) => {
        const usermail = `grouped-${i}-${person.id}@example.test`;
        await inCommitGroup((trx) =>
          trx.updateTable('users').set({ usermail }).where('id', '=', person.id).execute(),
        );
        return (await mailOf(person.id)) === usermail;
      }),
    );
    expect(seen).toEqual(people.map(() => true));
  });
});
