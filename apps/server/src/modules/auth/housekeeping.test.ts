import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { bearer, createUser, signedInUser } from '../../test/factories.js';
import { purgeExpiredAuthRecords } from './housekeeping.js';

const DAY = 24 * 60 * 60 * 1000;

describeDb('expired sign-in records are purged', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('removes codes, reset links and long-ended sessions, and keeps what can still be used', async () => {
    const { db, dialect } = t.database;
    const at = (offsetMs: number) => dialect.time(new Date(Date.now() + offsetMs));
    const owner = await createUser(t);
    await db
      .insertInto('user_codes')
      .values([
        {
          user_id: owner.id,
          purpose: 'verification',
          code_hash: 'old',
          tries: 0,
          expires_at: at(-2 * DAY),
          created_at: at(-2 * DAY),
        },
        {
          user_id: owner.id,
          purpose: 'login',
          code_hash: 'live',
          tries: 0,
          expires_at: at(DAY),
          created_at: at(0),
        },
      ])
      .execute();
    await db
      .insertInto('password_resets')
      .values([
        {
          user_id: owner.id,
          token_hash: 'old-reset',
          expires_at: at(-2 * DAY),
          used_at: null,
          created_at: at(-2 * DAY),
        },
        {
          user_id: owner.id,
          token_hash: 'live-reset',
          expires_at: at(DAY),
          used_at: null,
          created_at: at(0),
        },
      ])
      .execute();

    const active = await signedInUser(t);
    const ended = await signedInUser(t);
    await db
      .updateTable('sessions')
      .set({ revoked_at: at(-31 * DAY) })
      .where('user_id', '=', ended.id)
      .execute();

    const result = await purgeExpiredAuthRecords(t.database);
    expect(result).toEqual({ sessions: 1, codes: 1, passwordResets: 1 });

    const codes = await db.selectFrom('user_codes').select('code_hash').execute();
    expect(codes.map((c) => c.code_hash)).toEqual(['live']);
    const resets = await db.selectFrom('password_resets').select('token_hash').execute();
    expect(resets.map((r) => r.token_hash)).toEqual(['live-reset']);
    const sessions = await db.selectFrom('sessions').select('user_id').execute();
    expect(sessions.map((s) => s.user_id)).toEqual([active.id]);

    // The live session still works, and a second run finds nothing.
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: bearer(active.token),
    });
    expect(profile.statusCode).toBe(200);
    expect(await purgeExpiredAuthRecords(t.database)).toEqual({
      sessions: 0,
      codes: 0,
      passwordResets: 0,
    });
  });
});
