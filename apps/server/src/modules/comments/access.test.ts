import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { createUser, insertAccounts, signedInUser } from '../../test/factories.js';
import { engagedAudience } from './audience-store.js';
import { postMemo } from './test-support.js';

describeDb('who of many may see a memo’s comments (engagedAudience)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps followers in the audience and leaves out the disabled, the blocked, the unconnected and the actor, past 500 candidates', async () => {
    const { db, dialect } = t.database;
    const author = await signedInUser(t);
    const actor = await createUser(t);
    const collection = await t.app.inject({
      method: 'POST',
      url: '/api/collection',
      headers: author.headers,
      payload: { name: 'Open to all', type: 'public' },
    });
    const memoId = await postMemo(t, author.headers, collection.json().id as string);

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
});
