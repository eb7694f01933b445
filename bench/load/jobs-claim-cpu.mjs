// The job queue's claim (jobs/store.ts, claimNextJob) before and after: one OR of due and
// stale jobs, against the first of each through jobs_status_run_at_idx. Done jobs are kept
// for a week (jobs/queue.ts), so the table grows with every notifying write; this fills an
// in-memory table like the server's with `--done` finished jobs and 200 due ones, with the
// planner statistics of a table analysed while it was small (the load data set's: its ANALYZE
// ran when bench/generate.mjs made it), and gives each form's plan and CPU per claim in µs.
//
//   node bench/load/jobs-claim-cpu.mjs [--done 100000]
import Database from 'better-sqlite3';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { done: { type: 'string', default: '100000' } } });
const db = new Database(':memory:');
db.exec(`create table jobs (id integer primary key autoincrement, type varchar(100) not null,
  payload text not null, run_at text not null, status varchar(10) default 'queued' not null,
  attempts integer default 0 not null, max_attempts integer default 5 not null,
  last_error text, locked_by varchar(200), locked_at text, unique_key varchar(200),
  created_at text not null, updated_at text not null, finished_at text);
  create index jobs_status_run_at_idx on jobs (status, run_at);
  create unique index jobs_unique_key_queued_idx on jobs (unique_key) where status = 'queued';`);
const insert = db.prepare(`insert into jobs (type, payload, run_at, status, created_at, updated_at)
  values ('notifications.email', '{}', ?, ?, ?, ?)`);
const start = Date.now() - 3_600_000;
for (const status of ['done', 'done', 'queued'])
  insert.run('2026-01-01', status, '2026-01-01', '2026-01-01');
db.exec('analyze');
// as the server does (db/database.ts): stat1 kept, stat4 samples dropped
if (db.prepare("select 1 from sqlite_schema where name = 'sqlite_stat4'").get()) {
  db.exec('delete from sqlite_stat4');
}
db.exec('analyze sqlite_schema');
db.exec('delete from jobs');
db.transaction(() => {
  for (let i = 0; i < Number(values.done); i += 1) {
    const at = new Date(start + i * 10).toISOString();
    insert.run(at, 'done', at, at);
  }
  for (let i = 0; i < 200; i += 1) {
    const at = new Date(Date.now() - 60_000 + i * 100).toISOString();
    insert.run(at, 'queued', at, at);
  }
})();
const old = db.prepare(`select id from jobs where ((status = ? and run_at <= ?) or (status = ? and
  locked_at < ?)) order by run_at, id limit 1`);
const next = db.prepare(`select c.id from (select * from (select id, run_at from jobs
  where status = ? and run_at <= ? order by run_at, id limit 1) as q union all select * from
  (select id, run_at from jobs where status = ? and locked_at < ? order by run_at, id limit 1)
  as r) as c order by c.run_at, c.id limit 1`);
const args = [
  'queued',
  new Date().toISOString(),
  'running',
  new Date(Date.now() - 60_000).toISOString(),
];
for (const [name, statement] of [
  ['OR (before)', old],
  ['first of each (after)', next],
]) {
  const plan = db.prepare(`explain query plan ${statement.source}`).all(...args);
  console.log(`${name}: ${plan.map((p) => p.detail).join('; ')}`);
}
if (old.get(...args).id !== next.get(...args).id) throw new Error('different jobs claimed');
const cpu = (f) => {
  const s = process.cpuUsage();
  f();
  const u = process.cpuUsage(s);
  return u.user + u.system;
};
const t = [0, 0];
for (let round = 0; round < 4; round += 1) {
  t[0] += cpu(() => {
    for (let i = 0; i < 50; i += 1) old.get(...args);
  });
  t[1] += cpu(() => {
    for (let i = 0; i < 50; i += 1) next.get(...args);
  });
}
console.log(
  `${values.done} done jobs: before ${(t[0] / 200).toFixed(0)} µs, after ${(t[1] / 200).toFixed(0)} µs a claim`,
);
