#!/usr/bin/env node
// Fills a Memoria database with a large, realistic-shaped data set for benchmarks:
// users with profiles, active connections (contacts), follows, collections of every type,
// memos spread over them (some with todos, tags and a location).
//
//   node bench/generate.mjs --data-dir /tmp/big            # SQLite in /tmp/big
//   node bench/generate.mjs --database-url postgres://...  # PostgreSQL
//   options: --users 10000 --memos 1000000 --contacts 10 --follows 10 --blocks 0 --mutes 0
//   the feed benchmark (bench/feed.mjs) uses --contacts 25 --follows 50 --blocks 1 --mutes 1
//   --mixed: each user then has 50 contacts (25 connections made, 25 received) and follows 50
//   more. Without --mixed, every memo of one round (one memo per user) goes to the same type of
//   collection, so the newest 10,000 memos are all of one type; --mixed turns the type with
//   the author, so every stretch of time holds memos of every type, as real use would.
//
// The schema comes from the server's own migrations (the built server is started once
// against the target and stopped). Rows are made by the database itself (generate_series
// on PostgreSQL, a recursive CTE on SQLite), so a million memos take seconds, not hours.
// Every user's password is BENCH_PASSWORD; user 1 (bench1@example.test) owns a collection
// of 10,000 memos. A manifest with ids for the benchmarks is written to <data-dir or cwd>/bench-manifest.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import { freePort, startServer } from './support.mjs';

export const BENCH_PASSWORD = 'Bench#Password1';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    users: { type: 'string', default: '10000' },
    memos: { type: 'string', default: '1000000' },
    contacts: { type: 'string', default: '10' },
    follows: { type: 'string', default: '10' },
    blocks: { type: 'string', default: '0' },
    mutes: { type: 'string', default: '0' },
    mixed: { type: 'boolean', default: false },
  },
});
const users = Number(values.users);
const memos = Number(values.memos);
const contactsPerUser = Number(values.contacts);
const followsPerUser = Number(values.follows);
const blocksPerUser = Number(values.blocks);
const mutesPerUser = Number(values.mutes);
const COLLECTIONS_PER_USER = 5;
const BIG_COLLECTION_MEMOS = Math.min(10_000, Math.floor(memos / 10));
const TYPES = ['private', 'all_contacts', 'public', 'selected_contacts', 'all_contacts_followers'];

const pgUrl = values['database-url'];
const dataDir = values['data-dir'] ?? (pgUrl ? process.cwd() : undefined);
if (!dataDir) {
  console.error('give --data-dir (SQLite) or --database-url (PostgreSQL)');
  process.exit(2);
}
mkdirSync(dataDir, { recursive: true });

// Migrate through the real server, then close it.
const server = await startServer(await freePort(), {
  DATA_DIR: dataDir,
  DATABASE_URL: pgUrl ?? '',
});
await server.stop();

const passwordHash = await hash(BENCH_PASSWORD);
const pg = Boolean(pgUrl);
const started = Date.now();

/** SQL fragments that differ between the engines. */
const d = pg
  ? {
      with: () => '',
      from: (n) => `from generate_series(1, ${n}) as s(n)`,
      ago: (seconds) => `(now() - (${seconds}) * interval '1 second')`,
      yes: 'true',
      no: 'false',
      bool: (expr) => `(${expr})`,
      id10: (expr) => `lpad((${expr})::text, 10, 'c')`,
      text: (expr) => `(${expr})::text`,
    }
  : {
      with: (n) =>
        `with recursive s(n) as (select 1 union all select n + 1 from s where n < ${n}) `,
      from: () => 'from s',
      ago: (seconds) => `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${seconds}) || ' seconds')`,
      yes: '1',
      no: '0',
      bool: (expr) => `(case when ${expr} then 1 else 0 end)`,
      id10: (expr) => `substr('cccccccccc' || (${expr}), -10, 10)`,
      text: (expr) => `cast(${expr} as text)`,
    };

const statements = [];
const insert = (n, sql) => statements.push({ n, sql: pg ? sql : d.with(n) + sql });

insert(
  users,
  `insert into users (id, usermail, password_hash, is_active, activated_at, rules, storage_used,
     two_factor_enabled, created_at, updated_at)
   select n, 'bench' || n || '@example.test', '${passwordHash}', ${d.yes}, ${d.ago('n')},
     '{"has_subscription":true,"silver":true}'${pg ? '::jsonb' : ''}, 0, ${d.no}, ${d.ago('n')}, ${d.ago('n')} ${d.from(users)}`,
);
insert(
  users,
  `insert into user_profiles (id, user_id, name, locale, country, user_has_public_profile,
     public_profile_enabled, user_identified, created_at, updated_at)
   select n, n, 'Bench User ' || n, 'en', 'BE', ${d.yes}, ${d.bool('n % 2 = 0')},
     ${d.bool('n % 3 = 0')}, ${d.ago('n')}, ${d.ago('n')} ${d.from(users)}`,
);
// Each user i is connected with i+1 … i+k (wrapping): one connection row, two contact rows.
const connections = users * contactsPerUser;
insert(
  connections,
  `insert into connections (id, user_outbound_id, user_inbound_id, status, auto_accepted,
     watching_by_outbound, watching_by_inbound, accepted_at, created_at, updated_at)
   select n, ((n - 1) / ${contactsPerUser}) + 1,
     (((n - 1) / ${contactsPerUser}) + ((n - 1) % ${contactsPerUser}) + 1) % ${users} + 1,
     'active', ${d.no}, ${d.no}, ${d.no}, ${d.ago('n')}, ${d.ago('n')}, ${d.ago('n')} ${d.from(connections)}`,
);
statements.push({
  n: connections * 2,
  sql: `insert into contacts (user_id, contact_id, connection_id, created_at)
        select user_outbound_id, user_inbound_id, id, created_at from connections
        union all select user_inbound_id, user_outbound_id, id, created_at from connections`,
});
// Follows reach further away (i+k+1 …) so they differ from connections.
const follows = users * followsPerUser;
insert(
  follows,
  `insert into follows (follower_id, following_id, created_at)
   select ((n - 1) / ${followsPerUser}) + 1,
     (((n - 1) / ${followsPerUser}) + ${contactsPerUser} + ((n - 1) % ${followsPerUser}) + 1) % ${users} + 1,
     ${d.ago('n')} ${d.from(follows)}`,
);
// Blocks reach past the follows (i+k+f+1 …), so a block hides someone from discover only.
const blocks = users * blocksPerUser;
if (blocks > 0) {
  insert(
    blocks,
    `insert into blocks (blocker_id, blocked_id, created_at)
     select ((n - 1) / ${blocksPerUser}) + 1,
       (((n - 1) / ${blocksPerUser}) + ${contactsPerUser + followsPerUser} + ((n - 1) % ${blocksPerUser}) + 1) % ${users} + 1,
       ${d.ago('n')} ${d.from(blocks)}`,
  );
}
const collections = users * COLLECTIONS_PER_USER;
const typeCase = `case (n - 1) % ${COLLECTIONS_PER_USER} ${TYPES.map((t, i) => `when ${i} then '${t}'`).join(' ')} end`;
insert(
  collections,
  `insert into collections (id, user_id, type, name, description, memos_count, is_collaboration,
     collaboration_on_checklist, allow_add_documents, allow_replace_documents,
     preserve_documents_version, public_link_on, user_can_join_call, transfer_collection,
     created_at, updated_at)
   select ${d.id10('n')}, ((n - 1) / ${COLLECTIONS_PER_USER}) + 1, ${typeCase},
     'Collection ' || n, 'Generated for benchmarks', 0, ${d.bool(`(n - 1) % ${COLLECTIONS_PER_USER} = 1`)},
     ${d.no}, ${d.no}, ${d.no}, ${d.no}, ${d.no}, ${d.no}, ${d.no}, ${d.ago('n')}, ${d.ago('n')}
   ${d.from(collections)}`,
);
// The first selected-contacts collection of each user lists their first contact.
insert(
  users,
  `insert into users_per_collection (collection_id, user_id, created_at)
   select ${d.id10(`(n - 1) * ${COLLECTIONS_PER_USER} + 4`)}, n % ${users} + 1, ${d.ago('n')} ${d.from(users)}`,
);
// Muted: user i mutes the public collection of each of their first followings.
const mutes = users * mutesPerUser;
if (mutes > 0) {
  insert(
    mutes,
    `insert into muted_collections (id, user_id, collection_id, created_at)
     select n, ((n - 1) / ${mutesPerUser}) + 1,
       ${d.id10(`((((n - 1) / ${mutesPerUser}) + ${contactsPerUser} + ((n - 1) % ${mutesPerUser}) + 1) % ${users}) * ${COLLECTIONS_PER_USER} + 3`)},
       ${d.ago('n')} ${d.from(mutes)}`,
  );
}
// Memo n: the first BIG_COLLECTION_MEMOS belong to user 1's public collection; the rest are
// spread round-robin over every user and, within a user, over their collections.
const ownerOf = `(case when n <= ${BIG_COLLECTION_MEMOS} then 1 else ((n - 1) % ${users}) + 1 end)`;
const round = values.mixed ? `((n / ${users}) + ((n - 1) % ${users}))` : `(n / ${users})`;
const collectionOf = `(case when n <= ${BIG_COLLECTION_MEMOS} then 3 else (((n - 1) % ${users}) * ${COLLECTIONS_PER_USER}) + (${round} % ${COLLECTIONS_PER_USER}) + 1 end)`;
insert(
  memos,
  `insert into memos (id, user_id, title, description, search_text, location_latitude,
     location_longitude, location_zoom, status, published_at, notification_sent, is_todo,
     content_type, memo_type, comments_number, created_at, updated_at)
   select n, ${ownerOf}, 'Memo number ' || n, '<p>Notes for memo ' || n || ' about the garden and #travel</p>',
     'memo number ' || n || ' notes for memo ' || n || ' about the garden and #travel travel',
     case when n % 7 = 0 then 50.85 else null end, case when n % 7 = 0 then 4.35 else null end,
     case when n % 7 = 0 then 5 else null end, 'published', ${d.ago(`${memos} - n`)}, ${d.yes},
     ${d.bool('n % 5 = 0')}, 'text', 'memo', 0, ${d.ago(`${memos} - n`)}, ${d.ago(`${memos} - n`)}
   ${d.from(memos)}`,
);
// memos.discoverable (migration 0033): PostgreSQL's trigger would plan its lookup once, on
// the empty table, and scan the growing one for every row (hours for a million); the flag is
// set afterwards instead, as the migration's backfill does. SQLite's trigger uses the index.
const discoverTrigger = 'memos_per_collection_discoverable';
if (pg) {
  statements.push({
    n: 0,
    sql: `alter table memos_per_collection disable trigger ${discoverTrigger}`,
  });
}
insert(
  memos,
  `insert into memos_per_collection (id, memo_id, collection_id, sequence_number, position, created_at)
   select n, n, ${d.id10(collectionOf)}, 0, n, ${d.ago(`${memos} - n`)} ${d.from(memos)}`,
);
if (pg) {
  statements.push(
    {
      n: memos,
      sql: `update memos set discoverable = true where exists (select 1 from memos_per_collection dp
        inner join collections dc on dc.id = dp.collection_id
        where dp.memo_id = memos.id and dc.type = 'public')`,
    },
    { n: 0, sql: `alter table memos_per_collection enable trigger ${discoverTrigger}` },
  );
}
statements.push({
  n: collections,
  sql: `update collections set memos_count = (select count(*) from memos_per_collection m
          where m.collection_id = collections.id)`,
});
const todoMemos = Math.floor(memos / 5);
insert(
  todoMemos * 3,
  `insert into memo_todos (memo_id, description, closed, sequence_number)
   select ((n - 1) / 3 + 1) * 5, 'Todo ' || ((n - 1) % 3 + 1), ${d.bool('n % 3 = 0')}, (n - 1) % 3
   ${d.from(todoMemos * 3)}`,
);
const tagMemos = Math.floor(memos / 3);
insert(
  tagMemos,
  `insert into memo_tags (memo_id, tag, position)
   select n * 3, 'travel', 0 ${d.from(tagMemos)}`,
);

if (pg) {
  const { default: pgLib } = await import('pg');
  const client = new pgLib.Client({ connectionString: pgUrl });
  await client.connect();
  for (const { n, sql } of statements) {
    const t0 = Date.now();
    await client.query(sql);
    console.log(
      `${String(n).padStart(9)} rows in ${Date.now() - t0} ms: ${sql.trim().split('\n')[0].slice(0, 60)}`,
    );
  }
  for (const table of [
    'users',
    'user_profiles',
    'connections',
    'memos',
    'memos_per_collection',
    'users_per_collection',
    ...(mutes > 0 ? ['muted_collections'] : []),
  ]) {
    await client.query(
      `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
    );
  }
  await client.query('analyze');
  await client.end();
} else {
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(join(dataDir, 'memoria.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  for (const { n, sql } of statements) {
    const t0 = Date.now();
    db.exec(sql);
    console.log(
      `${String(n).padStart(9)} rows in ${Date.now() - t0} ms: ${sql.trim().split('\n')[0].slice(0, 60)}`,
    );
  }
  db.exec('analyze');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

const manifest = {
  users,
  memos,
  password: BENCH_PASSWORD,
  benchUser: { id: 1, usermail: 'bench1@example.test' },
  bigCollectionId: 'ccccccccc3',
  bigCollectionMemos: BIG_COLLECTION_MEMOS,
  sampleMemoId: Math.max(1, BIG_COLLECTION_MEMOS - 1),
  contactsPerUser: contactsPerUser * 2,
  followsPerUser,
  blocksPerUser,
  mutesPerUser,
  mixed: Boolean(values.mixed),
};
writeFileSync(join(dataDir, 'bench-manifest.json'), JSON.stringify(manifest, null, 2));
console.log(`done in ${Math.round((Date.now() - started) / 1000)} s`, manifest);
