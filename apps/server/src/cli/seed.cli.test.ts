import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { COLLECTION_TYPES } from '@memoria/domain';
import { readBool, readCount } from '../db/dialect.js';
import type { DatabaseSchema } from '../db/schema.js';
import { describeDb } from '../test/harness.js';
import { sharedBundle, createCliInstance, type Bundle, type CliInstance } from './cli-harness.js';
import { DEMO_PASSWORD, type SeedSummary } from './seed.js';
import { DEMO_USERMAIL, PEOPLE } from './seed-content.js';

// The commands run in this process (cli-harness.ts), one through the built binary (and the
// seed hashes seven passwords); give a busy machine time.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const COUNTED = [
  'users',
  'user_profiles',
  'connections',
  'contacts',
  'follows',
  'favourites',
  'collections',
  'users_per_collection',
  'memos',
  'memos_per_collection',
  'memo_todos',
  'memo_tags',
  'jobs',
] as const satisfies ReadonlyArray<keyof DatabaseSchema>;

describeDb('memoria-admin seed (in process and the binary, on a temp instance)', () => {
  let bundle: Bundle;
  let cli: CliInstance;

  beforeAll(async () => {
    bundle = await sharedBundle();
    cli = await createCliInstance(bundle);
  });
  afterAll(async () => {
    await cli?.close();
  });

  const db = () => cli.database().db;
  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const table of COUNTED) {
      const row = await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      out[table] = readCount(row?.n);
    }
    return out;
  }

  it('refuses a weak --password before touching anything', async () => {
    const weak = await cli.admin('seed', '--password', 'short');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('--password');
    const early = await cli.admin('users:list');
    expect(early.code).toBe(1);
  });

  it('seeds a fresh instance (migrating it) with every kind of demo data', async () => {
    const summary = await cli.json<SeedSummary>('seed');
    expect(summary.seeded).toBe(true);
    expect(summary.sign_in).toEqual({
      url: cli.publicUrl,
      usermail: DEMO_USERMAIL,
      password: DEMO_PASSWORD,
    });
    expect(summary.accounts).toHaveLength(7);
    expect(new Set(summary.accounts?.map((a) => a.locale)).size).toBe(7);

    const n = await counts();
    expect(n.users).toBe(7);
    expect(n.connections).toBe(8);
    expect(n.contacts).toBe(12); // two rows per active connection
    expect(n.follows).toBe(6);
    expect(n.favourites).toBe(4);
    expect(n.collections).toBe(15);
    expect(n.memos).toBe(22);
    expect(n.memo_todos).toBe(summary.created?.todos);

    const statuses = await db()
      .selectFrom('connections')
      .select(['status', 'auto_accepted'])
      .execute();
    expect(statuses.filter((c) => c.status === 'active')).toHaveLength(6);
    expect(statuses.filter((c) => readBool(c.auto_accepted))).toHaveLength(2);

    const types = await db()
      .selectFrom('collections')
      .select(['type', 'is_collaboration'])
      .execute();
    for (const type of COLLECTION_TYPES) expect(types.map((c) => c.type)).toContain(type);
    expect(types.filter((c) => readBool(c.is_collaboration))).toHaveLength(2);

    const profiles = await db().selectFrom('user_profiles').select('user_identified').execute();
    expect(profiles.filter((p) => readBool(p.user_identified))).toHaveLength(1);

    const ticked = await db()
      .selectFrom('memo_todos')
      .select(['closed_by_user_id'])
      .where('closed_by_user_id', 'is not', null)
      .execute();
    expect(ticked).toHaveLength(summary.created?.['ticked todos'] ?? -1);
    const pinned = await db()
      .selectFrom('memos_per_collection')
      .select('id')
      .where('sequence_number', '=', 1)
      .execute();
    expect(pinned).toHaveLength(2);
    const scheduled = await db()
      .selectFrom('memos')
      .select('status')
      .where('status', '=', 'scheduled')
      .execute();
    expect(scheduled).toHaveLength(1);
    const jobs = await db().selectFrom('jobs').select(['type', 'status']).execute();
    expect(jobs.filter((job) => job.type === 'memo.publish')).toEqual([
      { type: 'memo.publish', status: 'queued' },
    ]);
    // the demo world's notifications (socket, push, mail) wait for the server to deliver them
    // and the demo plans' lifecycle waits for the end of their year (docs/notes/subscriptions.md)
    const deliveries = new Set([
      'activity.dispatch',
      'push.fanout',
      'notifications.email',
      'subscription.expiring',
      'subscription.expire',
      'subscription.switch-off',
    ]);
    for (const job of jobs.filter((queued) => queued.type !== 'memo.publish')) {
      expect(deliveries.has(job.type), job.type).toBe(true);
      expect(job.status).toBe('queued');
    }
    const located = await db()
      .selectFrom('memos')
      .select('id')
      .where('location_latitude', 'is not', null)
      .execute();
    expect(located.length).toBeGreaterThanOrEqual(10);
  });

  it('a second run says "already seeded" and changes nothing', async () => {
    const before = await counts();
    // the built binary: its exit code and stdout
    const again = await cli.binary('seed');
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/already seeded/i);
    const json = await cli.json<SeedSummary>('seed');
    expect(json.seeded).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('the running server shows the demo account its world', async () => {
    const server = await cli.startServer();
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usermail: DEMO_USERMAIL, password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const get = async <T>(path: string, auth = true): Promise<T> => {
      const response = await fetch(`${server.url}${path}`, {
        headers: auth ? { authorization: `Bearer ${token}` } : {},
      });
      expect(response.status, path).toBe(200);
      return (await response.json()) as T;
    };
    const me = await get<{ id: number; rules: { silver?: boolean } }>('/api/profile');
    expect(me.rules.silver).toBe(true);

    const mine = await get<Array<{ id: string; name: string; isOwner: boolean; type: string }>>(
      `/api/user/${me.id}/collection`,
    );
    expect(mine.filter((c) => c.isOwner)).toHaveLength(6);
    // Lucas's collaborative garden: Emma may add memos there
    expect(mine.filter((c) => !c.isOwner).map((c) => c.name)).toEqual(['Gedeelde moestuin']);

    const recipes = mine.find((c) => c.type === 'public');
    const memos = await get<Array<{ title: string; sequence_number: number }>>(
      `/api/p/collection/${recipes?.id}/memo`,
      false,
    );
    expect(memos.map((m) => m.title)).toEqual(['Gentse waterzooi', 'Stoofvlees with Westmalle']);
    expect(memos[0]?.sequence_number).toBe(1);

    const requests = await get<unknown[]>('/api/user/connection?status=income');
    expect(requests).toHaveLength(1);
    const own = await get<Array<{ title: string; status: string; description: string | null }>>(
      `/api/user/${me.id}/memo?itemsPerPage=50`,
    );
    expect(own.some((m) => m.status === 'scheduled')).toBe(true);
    const withMention = own.find((m) => m.title === 'Ideas for the living room');
    expect(withMention?.description).toMatch(/data-type="mention"[^>]*href="\/profile\/\d+"/);
    expect(withMention?.description).toContain('href="/?search=home"');

    // Public profiles: Discover › People lists them, to visitors too, and each one opens.
    const publicNames = PEOPLE.filter((p) => p.public).map((p) => p.name);
    expect(publicNames.length).toBeGreaterThanOrEqual(3);
    const listed = await get<Array<{ id: number; name: string }>>('/api/discover/people', false);
    expect(listed.map((p) => p.name).sort()).toEqual([...publicNames].sort());
    const forEmma = await get<Array<{ name: string }>>('/api/discover/people');
    expect(forEmma.map((p) => p.name).sort()).toEqual(
      publicNames.filter((name) => name !== 'Emma Janssens').sort(),
    );
    for (const person of listed) {
      const profile = await get<{ name: string }>(`/api/p/user/${person.id}`, false);
      expect(profile.name).toBe(person.name);
    }
    // ... and at its slug, with the settings the seed gave it
    for (const seed of PEOPLE) {
      if (!seed.public) continue;
      const page = await get<Record<string, unknown>>(`/api/p/profile/${seed.public.slug}`, false);
      expect(page).toMatchObject({
        name: seed.name,
        slug: seed.public.slug,
        accent_color: seed.public.accent_color ?? null,
        cta_button_title: seed.public.cta_button_title ?? null,
      });
    }
  });

  it('refuses an instance holding demo accounts but not the demo account', async () => {
    const other = await createCliInstance(bundle);
    try {
      await other.json('db:migrate');
      await other.json(
        'users:create',
        'lucas.peeters@memoria.local',
        '--name',
        'Lucas',
        '--password',
        DEMO_PASSWORD,
      );
      const refused = await other.admin('seed');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('lucas.peeters@memoria.local');
      const users = await other
        .database()
        .db.selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      expect(readCount(users?.n)).toBe(1);
    } finally {
      await other.close();
    }
  });
});
