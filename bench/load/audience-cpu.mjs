// Who of the people online is told of a comment or reaction (comments/audience-store.ts,
// engagedAudience), before and after the author's circle is read first: the audience rules for
// every person online, 500 per statement, against the circle, then the rules for those of it
// who are online. The SQL is as the two builds ran it, taken from the load probe's statement
// files (PROBE_STATEMENTS_FILE), run on a copy of the load data set; the figure is this one
// thread's CPU per announcement, in ms, for 200 random published memos, both ways alternated.
// The answers are compared first (same people for 50 memos; the last column: how many on average).
//
//   node bench/load/audience-cpu.mjs <old build's statements.json> <new build's> <memoria.db>
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
const [oldFile, newFile, dbFile] = process.argv.slice(2);
const oldRows = JSON.parse(readFileSync(oldFile, 'utf8'));
const newRows = JSON.parse(readFileSync(newFile, 'utf8'));
const isRules = (r) => r.sql.startsWith('select "cu"."id" from "users" as "cu"');
const rules500 = oldRows.find(isRules).sql;
const circleSql = newRows.find((r) =>
  r.sql.startsWith('select "m"."user_id" as "id" from "memos" as "m"'),
).sql;
const db = new Database(dbFile, { readonly: true });
const rulesFor = new Map();
const rules = (n) => {
  if (!rulesFor.has(n)) {
    const list = Array(n).fill('?').join(', ');
    rulesFor.set(n, db.prepare(rules500.replace(/cu\.id in \([?, ]+\)/, `cu.id in (${list})`)));
  }
  return rulesFor.get(n);
};
const circle = db.prepare(circleSql);
const memos = db
  .prepare("select id, user_id from memos where status = 'published' order by random() limit 200")
  .all();
const actor = 9999;
function oldWay(memo, online) {
  const found = [];
  for (let i = 0; i < online.length; i += 500) {
    const chunk = online.slice(i, i + 500);
    for (const r of rules(chunk.length).all(memo, ...chunk, 1, actor, actor)) found.push(r.id);
  }
  return found;
}
function newWay(memo, online) {
  const rows = circle.all(memo, memo, memo, online.length + 1);
  let ids = online;
  if (rows.length <= online.length) {
    const set = new Set(rows.map((r) => r.id));
    ids = online.filter((id) => set.has(id));
  }
  const found = [];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    for (const r of rules(chunk.length).all(memo, ...chunk, 1, actor, actor)) found.push(r.id);
  }
  return found;
}
const cpu = (f) => {
  const s = process.cpuUsage();
  f();
  const u = process.cpuUsage(s);
  return (u.user + u.system) / 1000;
};
for (const n of [300, 600, 1500, 2000]) {
  const online = Array.from({ length: n }, (_, i) => i + 1);
  // the same answers
  let people = 0;
  for (const m of memos.slice(0, 50)) {
    const a = oldWay(m.id, online)
      .sort((x, y) => x - y)
      .join();
    const b = newWay(m.id, online)
      .sort((x, y) => x - y)
      .join();
    if (a !== b) throw new Error(`different answers for memo ${m.id}`);
    people += a === '' ? 0 : a.split(',').length;
  }
  const t = { old: 0, new: 0 };
  for (let round = 0; round < 4; round += 1) {
    t.old += cpu(() => {
      for (const m of memos) oldWay(m.id, online);
    });
    t.new += cpu(() => {
      for (const m of memos) newWay(m.id, online);
    });
  }
  console.log(
    `| ${n} | ${(t.old / 800).toFixed(3)} | ${(t.new / 800).toFixed(3)} | ${(people / 50).toFixed(1)} |`,
  );
}
