import { startServer, freePort } from './support.mjs';
import autocannon from 'autocannon';
const port = await freePort();
const s = await startServer(
  port,
  { DATA_DIR: '/tmp/msgdata2', ANSWER_CACHE_MB: '0', RATE_LIMIT_PER_MINUTE: '100000000' },
  { nodeArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof21'] },
);
const base = `http://127.0.0.1:${port}`;
const login = await (
  await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usermail: 'bench50@example.test', password: 'Bench#Password1' }),
  })
).json();
const threads = await (
  await fetch(`${base}/api/user/threads?itemsPerPage=99999`, {
    headers: { authorization: `Bearer ${login.token}` },
  })
).json();
const list = threads['hydra:member'] ?? threads.member ?? threads;
const big = list.sort((a, b) => (b.users?.length ?? 0) - (a.users?.length ?? 0))[0];
console.log('thread', big.id, big.users?.length);
for (const url of [`/api/thread/${big.id}/messages?page=1&itemsPerPage=20`]) {
  const r = await autocannon({
    url: base + url,
    connections: 10,
    duration: 10,
    headers: { authorization: `Bearer ${login.token}` },
  });
  console.log(url, r.requests.average, 'req/s', r.latency.p50, r.latency.p99, r.non2xx);
}
await s.stop();
