import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordingCompiled } from '../../test/query-plans.js';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/harness.js';
import { createUser, insertAccounts, signedInUser } from '../../test/factories.js';
import { engagedAudience } from './audience-store.js';
import { postMemo } from './test-support.js';

describeDb('who of many may see a memo’s comments (engagedAudience)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** An author with a memo in a public collection, and someone else who acts on it. */
  async function publicMemoWithActor() {
    const author = await signedInUser(t);
    const actor = await createUser(t);
    const collection = await t.app.inject({
      method: 'POST',
      url: '/api/collection',
      headers: author.headers,
      payload: { name: 'Open to all', type: 'public' },
    });
    const memoId = await postMemo(t, author.headers, collection.json().id as string);
    return { author, actor, memoId };
  }

  it('keeps followers in the audience and leaves out the disabled, the blocked, the unconnected and the actor, past 500 candidates', async () => {
    const { db, dialect } = t.database;
    const { author, actor, memoId } = await publicMemoWithActor();

    const now = dialect.time(new Date());
    const expected: number[] = [];
    const candidates: number[] = [actor.id];
    for (const [i, userId] of (await insertAccounts(t, 610)).entries()) {
      candidates.push(userId, userId);
      const kind = i % 5;
      // 3: neither a connection nor a follower of the author
      if (kind !== 3) {
        await db
          .insertInto('follows')
          .values({ follower_id: userId, following_id: author.id, created_at: now })
          .execute();
      }
      if (kind === 1) {
        await db.updateTable('users').set({ disabled_at: now }).where('id', '=', userId).execute();
      }
      if (kind === 2) {
        await db
          .insertInto('blocks')
          .values({ blocker_id: userId, blocked_id: actor.id, created_at: now })
          .execute();
      }
      if (kind === 0 || kind === 4) expected.push(userId);
    }
    candidates.push(author.id);
    expected.push(author.id);

    const audience = await engagedAudience(db, dialect, memoId, candidates, actor.id);
    expect([...audience].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    // the same again (on PostgreSQL the prepared statement is run, not prepared again)
    const again = await engagedAudience(db, dialect, memoId, candidates.slice(0, 40), actor.id);
    expect(new Set(again)).toEqual(
      new Set(expected.filter((id) => candidates.slice(0, 40).includes(id))),
    );
    expect(await engagedAudience(db, dialect, memoId, [actor.id], actor.id)).toEqual([]);
  });

  it('checks the audience rules only for the author’s circle among many people online', async () => {
    const { db, dialect } = t.database;
    const { author, actor, memoId } = await publicMemoWithActor();
    const now = dialect.time(new Date());
    const online = await insertAccounts(t, 120);
    // three of the people online follow the author; the rest are strangers to the author
    const followers = online.slice(10, 13);
    for (const userId of followers) {
      await db
        .insertInto('follows')
        .values({ follower_id: userId, following_id: author.id, created_at: now })
        .execute();
    }

    const { db: counted, compiled } = recordingCompiled(db);
    const audience = await engagedAudience(
      counted,
      dialect,
      memoId,
      [...online, author.id, actor.id],
      actor.id,
    );
    expect([...audience].sort((a, b) => a - b)).toEqual(
      [...followers, author.id].sort((a, b) => a - b),
    );
    // the audience rules ran once, for those four, not for the 121 people online
    // (under test the query cache also builds each run from its values: the same SQL twice)
    const rules = [
      ...new Map(
        compiled
          .filter((query) => query.sql.includes('"users" as "cu"'))
          .map((query) => [query.sql, query]),
      ).values(),
    ];
    expect(rules).toHaveLength(1);
    const judged =
      TEST_DB === 'sqlite'
        ? (/cu\.id in \(([^)]*)\)/.exec(rules[0]!.sql)?.[1]?.match(/\?/g) ?? []).length
        : judgedOnPostgres(rules[0]!.parameters);
    expect(judged).toBe(4);
  });
});

/** The people an audience statement judges on PostgreSQL: its one id array. */
function judgedOnPostgres(parameters: readonly unknown[]): number {
  return (parameters.find((p) => Array.isArray(p)) as unknown[]).length;
}
