// Simulated people, in a process of their own (forked by bench/load/run.mjs, which counts
// this process's CPU apart from the server's). Each person holds a WebSocket to /api/ws and
// loops through the actions of bench/load/mix.mjs with think times. Every second the agent
// reports to the coordinator: each request's time by label, errors (5xx, timeouts, no
// answer), other refusals (4xx), answer-cache hits, socket events, and the time from a
// message being sent to it reaching the other person's socket (both people in this process).
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { Agent, request, setGlobalDispatcher } from 'undici';
import WebSocket from 'ws';
import {
  ACTIONS,
  PAGE,
  PHOTO_SHARE,
  REQUEST_TIMEOUT_MS,
  SCROLL,
  THINK,
  TODO_SHARE,
  TOKEN_REFRESH_MARGIN_MS,
} from './mix.mjs';

// Many people share the client's connections, as they would share a load balancer's.
setGlobalDispatcher(new Agent({ connections: 512, keepAliveTimeout: 30_000 }));

let config; // { base, wsBase, users, contactsPerUser, agentIndex }
const people = [];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const think = ({ minMs, meanMs }) => minMs - (meanMs - minMs) * Math.log(1 - Math.random());
const pickOne = (list) => list[Math.floor(Math.random() * list.length)];
const ACTION_NAMES = Object.keys(ACTIONS);
const ACTION_TOTAL = Object.values(ACTIONS).reduce((a, b) => a + b, 0);
function pickAction() {
  let roll = Math.random() * ACTION_TOTAL;
  for (const name of ACTION_NAMES) {
    roll -= ACTIONS[name];
    if (roll < 0) return name;
  }
  return ACTION_NAMES[0];
}

// ---- what is reported each second ----
let tick = freshTick();
function freshTick() {
  return {
    times: {}, // label -> [ms]
    errors: {}, // label -> count (5xx, timeout, no answer)
    refused: {}, // label -> { status: count }
    requests: 0,
    cacheable: 0, // GETs
    cacheHits: 0,
    events: {}, // socket message_type -> count
    delivery: [], // ms from send to the other person's socket
    actions: 0,
  };
}
const sentAt = new Map();
let messageCounter = 0;

// ---- what was written and acknowledged, to check after an instance is killed ----
/** { kind: 'memo' | 'comment' | 'message', at: Date.now() of the answer, person, … } */
const ledger = [];
const LEDGER_MAX = 50_000;
function acknowledged(entry) {
  if (ledger.length < LEDGER_MAX) ledger.push({ ...entry, at: Date.now() });
}
/** message key -> resolve, for the check that live events resume after a failover */
const waiters = new Map();

class Refused extends Error {}

// undici's request() for the people's calls: fetch() cost this process about three times the
// CPU a request (about 340 µs against 100 µs measured apart), and the people share the
// server's two cores (docs/PERFORMANCE.md, "The people's own CPU"). fetch() stays for the
// photo's multipart form, which it encodes.
async function send(path, method, headers, body) {
  const url = `${config.base}${path}`;
  const options = { method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) };
  if (body instanceof FormData) {
    const answer = await fetch(url, options);
    const cacheHeader = answer.headers.get('x-answer-cache');
    return { status: answer.status, cacheHeader, text: () => answer.text() };
  }
  const answer = await request(url, options);
  const cacheHeader = answer.headers['x-answer-cache'];
  return { status: answer.statusCode, cacheHeader, text: () => answer.body.text() };
}

/** One request as the web app makes it; records its time under `label`. */
async function call(person, label, method, path, { body, form, hydra = true } = {}) {
  await freshToken(person);
  const headers = { authorization: `Bearer ${person.token}` };
  if (hydra) headers.accept = 'application/ld+json';
  let payload;
  if (form) payload = form;
  else if (body !== undefined) {
    headers['content-type'] =
      method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
    payload = JSON.stringify(body);
  }
  const started = performance.now();
  tick.requests += 1;
  let response;
  let text;
  try {
    response = await send(path, method, headers, payload);
    text = await response.text();
  } catch {
    tick.errors[label] = (tick.errors[label] ?? 0) + 1;
    throw new Refused(`${label}: no answer`);
  }
  (tick.times[label] ??= []).push(performance.now() - started);
  if (method === 'GET') {
    tick.cacheable += 1;
    if (response.cacheHeader === 'hit') tick.cacheHits += 1;
  }
  if (response.status >= 500) {
    tick.errors[label] = (tick.errors[label] ?? 0) + 1;
    throw new Refused(`${label}: ${response.status}`);
  }
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  if (response.status >= 400) {
    const refused = (tick.refused[label] ??= {});
    refused[response.status] = (refused[response.status] ?? 0) + 1;
    return { status: response.status, json };
  }
  return { status: response.status, json };
}

const members = (json) => (Array.isArray(json) ? json : (json?.['hydra:member'] ?? []));

/**
 * When a token is to be refreshed, from its own expiry: a session reaches this process some
 * time after the coordinator got it (a person added minutes into the run), so the time it
 * arrived says nothing of its age.
 */
function refreshDue(token) {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    return claims.exp * 1000 - TOKEN_REFRESH_MARGIN_MS;
  } catch {
    return 0;
  }
}

async function freshToken(person) {
  if (Date.now() < person.refreshAt) return;
  // one refresh at a time per person: a retired refresh token presented again ends the session
  person.refreshing ??= (async () => {
    const answer = await fetch(`${config.base}/api/token/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: person.refreshToken }),
    });
    const session = await answer.json().catch(() => ({}));
    if (session.token) {
      person.token = session.token;
      person.refreshToken = session.refresh_token;
      person.refreshAt = refreshDue(session.token);
      process.send({
        type: 'session',
        id: person.id,
        token: person.token,
        refreshToken: person.refreshToken,
      });
    }
  })().finally(() => {
    person.refreshing = undefined;
  });
  await person.refreshing;
}

// ---- what a person remembers between actions ----
function remember(person, memoList) {
  for (const memo of memoList) {
    if (typeof memo?.id !== 'number') continue;
    person.seen.push({
      id: memo.id,
      canComment: memo.can_comment,
      canReact: memo.can_react,
      canSeeEngagement: memo.can_see_engagement,
      collection: memo.collection?.id,
      author: memo.author?.id,
    });
  }
  if (person.seen.length > 60) person.seen.splice(0, person.seen.length - 60);
  hold(person, memoList);
}
function rememberOwn(person, memoList) {
  for (const memo of memoList) {
    for (const todo of memo?.memo_todos ?? []) {
      if (typeof todo.id === 'number') person.todos.push(todo.id);
    }
  }
  person.todos = [...new Set(person.todos)].slice(-30);
  hold(person, memoList);
}

// ---- the memos a person's screens hold, told to the server as the web app does ----
/** MEMO_WATCH.maxMemos (packages/domain/src/constants.ts): ids in one watch_memos message */
const WATCH_MAX = 1000;
/** memos a person's tab keeps in its cache: the last pages and memos it showed */
const HELD_MAX = 100;
function hold(person, memoList) {
  const ids = memoList.map((memo) => memo?.id).filter((id) => typeof id === 'number');
  person.held = [...person.held.filter((id) => !ids.includes(id)), ...ids].slice(-HELD_MAX);
  const now = Date.now();
  for (const id of ids) person.heldAt.set(id, now);
  for (const id of person.heldAt.keys()) if (!person.held.includes(id)) person.heldAt.delete(id);
  watchHeld(person);
}
/**
 * Sends `watch_memos` with the memos held (docs/notes/realtime-delivery.md, Watched memos)
 * when they differ from what this socket was last told, with how long ago the oldest memo new
 * to the socket was read; `always` on a socket's open.
 */
function watchHeld(person, always = false) {
  const ids = person.held.slice(-WATCH_MAX).sort((a, b) => a - b);
  const text = ids.join(',');
  if (!person.socketOpen || (!always && text === person.watchSent)) return;
  const watched = new Set(always ? [] : (person.watchSent ?? '').split(',').map(Number));
  const readAt = ids.filter((id) => !watched.has(id)).map((id) => person.heldAt.get(id) ?? 0);
  const message = { message_type: 'watch_memos', memo_ids: ids };
  if (readAt.length > 0) message.read_ms_ago = Math.max(0, Date.now() - Math.min(...readAt));
  person.socket.send(JSON.stringify(message));
  person.watchSent = text;
}

/** A direct partner: one of the person's generated connections (i+1 …, i-1 …). */
function partnerOf(person) {
  const k = Math.max(1, Math.floor(config.contactsPerUser / 2));
  const step = 1 + Math.floor(Math.random() * Math.min(k, 3));
  const id = Math.random() < 0.5 ? person.id + step : person.id - step;
  return ((id - 1 + config.users) % config.users) + 1;
}

let photo;
async function photoBytes() {
  photo ??= await sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: 90, g: 140, b: 80 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  return photo;
}

// ---- the actions (names as in mix.mjs) ----
const run = {
  async home(p) {
    const [, own] = await Promise.all([
      call(p, 'GET /api/profile', 'GET', '/api/profile', { hydra: false }),
      call(
        p,
        'GET /api/user/{me}/memo',
        'GET',
        `/api/user/${p.id}/memo?offset=0&itemsPerPage=${PAGE}`,
      ),
      call(p, 'GET /api/notifications/unread', 'GET', '/api/notifications/unread', {
        hydra: false,
      }),
      call(p, 'GET /api/thread/unread', 'GET', '/api/thread/unread', { hydra: false }),
    ]);
    rememberOwn(p, members(own.json));
  },
  async feed(p) {
    await scroll(p, 'GET /api/feed', '/api/feed', true);
  },
  async discover(p) {
    await scroll(p, 'GET /api/discover', '/api/discover', true);
  },
  async discoverPeople(p) {
    await call(
      p,
      'GET /api/discover/people',
      'GET',
      `/api/discover/people?offset=0&itemsPerPage=${PAGE}`,
    );
  },
  async collection(p) {
    const list = await call(
      p,
      'GET /api/user/{me}/collection',
      'GET',
      `/api/user/${p.id}/collection`,
    );
    const own = members(list.json)
      .map((c) => c.id)
      .filter(Boolean);
    if (own.length > 0) p.collections = own;
    const seen = p.seen.map((m) => m.collection).filter(Boolean);
    const id = Math.random() < 0.5 && seen.length > 0 ? pickOne(seen) : pickOne(p.collections);
    if (!id) return;
    const [, memoList] = await Promise.all([
      call(p, 'GET /api/collection/{id}', 'GET', `/api/collection/${id}`, { hydra: false }),
      call(
        p,
        'GET /api/collection/{id}/memo',
        'GET',
        `/api/collection/${id}/memo?offset=0&itemsPerPage=${PAGE}`,
      ),
    ]);
    remember(p, members(memoList.json));
  },
  async memo(p) {
    const memo = pickOne(p.seen);
    if (!memo) return run.feed(p);
    hold(p, [memo]);
    // the comments only where the card says the viewer may read them, as the web app does
    await Promise.all([
      call(p, 'GET /api/memo/{id}', 'GET', `/api/memo/${memo.id}`, { hydra: false }),
      memo.canSeeEngagement &&
        call(
          p,
          'GET /api/memo/{id}/comments',
          'GET',
          `/api/memo/${memo.id}/comments?offset=0&itemsPerPage=${PAGE}`,
        ),
    ]);
  },
  async notifications(p) {
    const page = await call(
      p,
      'GET /api/notifications',
      'GET',
      `/api/notifications?offset=0&itemsPerPage=${PAGE}`,
    );
    const unread = members(page.json)
      .filter((n) => n && n.reviewed_at === null)
      .map((n) => n.id);
    if (unread.length > 0) {
      await call(p, 'PATCH /api/notifications/review', 'PATCH', '/api/notifications/review', {
        body: { ids: unread },
        hydra: false,
      });
    }
  },
  async readMessages(p) {
    const list = await call(
      p,
      'GET /api/user/threads',
      'GET',
      '/api/user/threads?offset=0&itemsPerPage=20',
    );
    const threads = members(list.json)
      .map((t) => t.id)
      .filter((id) => typeof id === 'number');
    const id = pickOne(threads) ?? p.thread;
    if (!id) return;
    await call(p, 'GET /api/thread/{id}/messages', 'GET', `/api/thread/${id}/messages?page=1`);
    await call(p, 'POST /api/thread/{id}/read', 'POST', `/api/thread/${id}/read`, {
      body: {},
      hydra: false,
    });
  },
  async sendMessage(p) {
    if (!p.thread) {
      const made = await call(p, 'POST /api/thread', 'POST', '/api/thread', {
        body: { thread_type: 'direct', users: [`/api/user/${partnerOf(p)}`] },
        hydra: false,
      });
      // 409: the conversation exists; its id comes with the answer
      p.thread = made.json?.id;
      if (typeof p.thread !== 'number') return;
    }
    messageCounter += 1;
    const key = `load-${config.agentIndex}-${messageCounter}`;
    sentAt.set(key, performance.now());
    const sent = await call(p, 'POST /api/thread/message', 'POST', '/api/thread/message', {
      body: { thread: `/api/thread/${p.thread}`, description: `Hello from ${p.id} (${key})`, key },
      hydra: false,
    });
    const message = sent.json?.message;
    if (sent.status < 300 && typeof message?.id === 'number') {
      acknowledged({
        kind: 'message',
        person: p,
        id: message.id,
        thread: p.thread,
        seq: message.seq,
      });
    }
  },
  async react(p) {
    const memo = pickOne(p.seen.filter((m) => m.canReact));
    if (!memo) return run.feed(p);
    await call(p, 'POST /api/memo/reaction', 'POST', '/api/memo/reaction', {
      body: { memo: memo.id, reaction_type: pickOne(['like', 'love', 'haha', 'wow']) },
      hydra: false,
    });
  },
  async comment(p) {
    const memo = pickOne(p.seen.filter((m) => m.canComment));
    if (!memo) return run.feed(p);
    const made = await call(p, 'POST /api/memo/comment', 'POST', '/api/memo/comment', {
      body: { memo: memo.id, description: `A thought from person ${p.id}` },
      hydra: false,
    });
    if (made.status < 300 && typeof made.json?.id === 'number') {
      acknowledged({
        kind: 'comment',
        person: p,
        id: made.json.id,
        memo: memo.id,
        author: memo.author,
      });
    }
  },
  async createMemo(p) {
    const collection = pickOne(p.collections);
    if (!collection) return run.collection(p);
    const photos = [];
    if (Math.random() < PHOTO_SHARE) {
      const form = new FormData();
      form.append('file', new Blob([await photoBytes()], { type: 'image/jpeg' }), 'garden.jpg');
      const uploaded = await call(p, 'POST /api/memo/photo', 'POST', '/api/memo/photo', {
        form,
        hydra: false,
      });
      if (typeof uploaded.json?.id === 'number') photos.push(uploaded.json.id);
    }
    const todos =
      Math.random() < TODO_SHARE
        ? [{ description: 'Water the plants' }, { description: 'Buy seeds' }]
        : [];
    const made = await call(p, 'POST /api/memo', 'POST', '/api/memo', {
      body: {
        title: `A memo by ${p.id}`,
        description: '<p>Written during the load test, about the garden.</p>',
        memos_per_collection: [collection],
        memo_todos: todos,
        ...(photos.length > 0 ? { memo_photos: photos } : {}),
      },
      hydra: false,
    });
    if (made.json) rememberOwn(p, [made.json]);
    if (made.status < 300 && typeof made.json?.id === 'number') {
      acknowledged({
        kind: 'memo',
        person: p,
        id: made.json.id,
        photo: made.json.memo_photos?.[0]?.content_url ?? null,
      });
    }
  },
  async tickTodo(p) {
    const todo = pickOne(p.todos);
    if (!todo) return run.home(p);
    await call(p, 'GET /api/memo/todo/{id}/change', 'GET', `/api/memo/todo/${todo}/change`, {
      hydra: false,
    });
  },
  async follow(p) {
    if (p.followed.length > 0 && Math.random() < 0.5) {
      const id = p.followed.shift();
      await call(p, 'POST /api/follower_unfollow', 'POST', '/api/follower_unfollow', {
        body: { following: `/api/user/${id}` },
        hydra: false,
      });
      return;
    }
    // someone far from the generated connections and follows
    const id = ((p.id + 1000 + Math.floor(Math.random() * 1000)) % config.users) + 1;
    if (id === p.id) return;
    const answer = await call(p, 'POST /api/follow', 'POST', '/api/follow', {
      body: { following: `/api/user/${id}` },
      hydra: false,
    });
    if (answer.status < 300) p.followed.push(id);
  },
};

/**
 * A list scrolled as the web app does; `fromLast`: the feed and discover ask each later page
 * after the last memo held (`after_memo`) as well as by offset.
 */
async function scroll(p, label, path, fromLast = false) {
  const pages = 1 + Math.floor(Math.random() * SCROLL.maxPages);
  let after = '';
  for (let page = 0; page < pages && !p.stopped; page += 1) {
    if (page > 0) await sleep(think(SCROLL));
    const answer = await call(
      p,
      label,
      'GET',
      `${path}?offset=${page * PAGE}&itemsPerPage=${PAGE}${after}`,
    );
    const list = members(answer.json);
    remember(p, list);
    if (list.length < PAGE) break;
    if (fromLast) after = `&after_memo=${list[list.length - 1].id}`;
  }
}

// ---- a person's life ----
function openSocket(p) {
  const url = `${config.wsBase}/api/ws?user_id=${p.id}&token=${encodeURIComponent(p.token)}`;
  const socket = new WebSocket(url);
  p.socket = socket;
  socket.on('message', (data) => {
    let event;
    try {
      event = JSON.parse(String(data));
    } catch {
      return;
    }
    const type = event?.message_type ?? 'unknown';
    tick.events[type] = (tick.events[type] ?? 0) + 1;
    p.eventsSinceOpen += 1;
    if (type === 'new_message' && event.message) {
      waiters.get(event.message.key)?.(p.id);
      const started = sentAt.get(event.message.key);
      if (started !== undefined && event.message.user?.id !== p.id) {
        tick.delivery.push(performance.now() - started);
      }
      // acknowledged as the web app does
      socket.send(
        JSON.stringify({
          message_type: 'new_message',
          message_id: event.message['@id'],
          thread_id: event.thread_id,
        }),
      );
    }
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    if (p.socket !== socket) return;
    p.socketOpen = false;
    p.socketClosedAt = Date.now();
    // the web app reconnects after 1 to 3 s
    if (!p.stopped) setTimeout(() => !p.stopped && openSocket(p), 1000 + Math.random() * 2000);
  });
  socket.on('open', () => {
    p.socketOpen = true;
    p.socketOpenedAt = Date.now();
    p.eventsSinceOpen = 0;
    // a new socket watches nothing until told, as the web app's tab tells it on each open
    watchHeld(p, true);
  });
}

async function live(p) {
  openSocket(p);
  // arrivals spread over a think time, not all at once
  await sleep(Math.random() * THINK.meanMs);
  try {
    await run.home(p);
    await run.collection(p);
  } catch {
    /* counted */
  }
  while (!p.stopped) {
    await sleep(think(THINK));
    if (p.stopped) break;
    const name = pickAction();
    tick.actions += 1;
    try {
      await run[name](p);
    } catch {
      /* counted in call() */
    }
  }
}

// ---- after an instance was killed: nothing lost, live events resumed ----
/** A request outside the figures (no tick): the check's own reads. */
async function quietCall(person, method, path, body) {
  await freshToken(person);
  const response = await fetch(`${config.base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${person.token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  let json = null;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    /* not JSON (a file) */
  }
  return { status: response.status, json, bytes: bytes.length };
}

/** Is this acknowledged write readable now (through the proxy, so the surviving instance)? */
async function readable(entry) {
  const p = entry.person;
  if (entry.kind === 'memo') {
    const memo = await quietCall(p, 'GET', `/api/memo/${entry.id}`);
    if (memo.status !== 200) return false;
    if (!entry.photo) return true;
    const file = await quietCall(p, 'GET', entry.photo);
    return file.status === 200 && file.bytes > 0;
  }
  if (entry.kind === 'message') {
    const page = await quietCall(
      p,
      'GET',
      `/api/thread/${entry.thread}/messages?after_seq=${entry.seq - 1}&itemsPerPage=20`,
    );
    return members(page.json).some((m) => m?.id === entry.id);
  }
  // comments, oldest first: page until found. A writer who has since unfollowed the author
  // (the mix unfollows) may no longer read them (403): then the memo's author reads them, who
  // always may, with a session of their own.
  let reader = p;
  for (let page = 1; page <= 20; page += 1) {
    const path = `/api/memo/${entry.memo}/comments?page=${page}&itemsPerPage=${PAGE}`;
    let answer = await quietCall(reader, 'GET', path);
    if (answer.status === 403 && reader === p && typeof entry.author === 'number') {
      reader = await signedIn(entry.author);
      entry.readAsAuthor = true;
      answer = await quietCall(reader, 'GET', path);
    }
    const list = members(answer.json);
    if (list.some((c) => c?.id === entry.id)) return true;
    if (list.length < PAGE) return false;
  }
  return false;
}

/** A fresh session of generated person `id` (a sign-in of its own; no one's tokens rotate). */
async function signedIn(id) {
  const response = await fetch(`${config.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usermail: `bench${id}@example.test`, password: config.password }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const json = await response.json();
  return { id, token: json.token, refreshAt: refreshDue(json.token) };
}

/** Sends q's message to p and waits for it on p's socket. */
async function liveEventReaches(p, q) {
  const thread = await quietCall(q, 'POST', '/api/thread', {
    thread_type: 'direct',
    users: [`/api/user/${p.id}`],
  });
  const id = thread.json?.id;
  if (typeof id !== 'number') return null;
  const key = `resume-${config.agentIndex}-${p.id}-${Date.now()}`;
  const started = performance.now();
  const arrived = new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 10_000);
    waiters.set(key, (to) => {
      if (to !== p.id) return;
      clearTimeout(timer);
      resolve(performance.now() - started);
    });
  });
  await quietCall(q, 'POST', '/api/thread/message', {
    thread: `/api/thread/${id}`,
    description: 'After the failover',
    key,
  });
  const ms = await arrived;
  waiters.delete(key);
  return ms;
}

async function verify({ before, since, probes = 20 }) {
  const due = ledger.filter((entry) => entry.at < before);
  const byKind = {};
  const missing = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < due.length) {
        const entry = due[next];
        next += 1;
        const kind = (byKind[entry.kind] ??= { checked: 0, readable: 0, photos: 0, asAuthor: 0 });
        kind.checked += 1;
        if (entry.photo) kind.photos += 1;
        let ok = false;
        try {
          ok = await readable(entry);
        } catch {
          ok = false;
        }
        if (ok) {
          kind.readable += 1;
          if (entry.readAsAuthor) kind.asAuthor += 1;
        } else if (missing.length < 20) {
          missing.push({ kind: entry.kind, id: entry.id, person: entry.person.id });
        }
      }
    }),
  );
  // live events: the people whose socket closed after the kill
  const alive = people.filter((p) => !p.stopped);
  const cut = alive.filter((p) => p.socketClosedAt >= since);
  const reconnected = cut.filter((p) => p.socketOpen && p.socketOpenedAt > p.socketClosedAt);
  const resumed = [];
  let probed = 0;
  for (const p of reconnected.slice(0, probes)) {
    const q = alive.find((o) => o.id === p.id + 1 || o.id === p.id - 1);
    if (!q) continue;
    probed += 1;
    try {
      const ms = await liveEventReaches(p, q);
      if (ms !== null) resumed.push(ms);
    } catch {
      /* not reached */
    }
  }
  return {
    byKind,
    missing,
    people: alive.length,
    socketsCut: cut.length,
    reconnected: reconnected.length,
    reconnectMs: reconnected.map((p) => p.socketOpenedAt - p.socketClosedAt),
    eventsAfterReconnect: reconnected.filter((p) => p.eventsSinceOpen > 0).length,
    probed,
    resumedMs: resumed,
  };
}

setInterval(() => {
  const report = tick;
  tick = freshTick();
  // keys older than a minute never arrive at anyone in this process
  const old = performance.now() - 60_000;
  for (const [key, at] of sentAt) {
    if (at < old) sentAt.delete(key);
    else break;
  }
  process.send({
    type: 'tick',
    ...report,
    people: people.filter((p) => !p.stopped).length,
    sockets: people.filter((p) => p.socketOpen).length,
  });
}, 1000);

process.on('message', (message) => {
  if (message.type === 'config') {
    config = message.config;
  } else if (message.type === 'add') {
    for (const session of message.people) {
      const person = {
        id: session.id,
        token: session.token,
        refreshToken: session.refreshToken,
        refreshAt: refreshDue(session.token),
        seen: [],
        held: [],
        watchSent: undefined,
        heldAt: new Map(),
        todos: [],
        collections: [],
        followed: [],
        stopped: false,
        socketOpen: false,
        socketOpenedAt: 0,
        socketClosedAt: 0,
        eventsSinceOpen: 0,
      };
      people.push(person);
      void live(person);
    }
  } else if (message.type === 'remove') {
    // the newest people leave first
    let count = message.count;
    for (let i = people.length - 1; i >= 0 && count > 0; i -= 1) {
      if (people[i].stopped) continue;
      people[i].stopped = true;
      people[i].socket?.close();
      process.send({ type: 'left', id: people[i].id });
      count -= 1;
    }
  } else if (message.type === 'verify') {
    void verify(message).then((answer) => process.send({ type: 'verified', ...answer }));
  } else if (message.type === 'stop') {
    for (const p of people) {
      p.stopped = true;
      p.socket?.terminate();
    }
    setTimeout(() => process.exit(0), 200);
  }
});
process.send({ type: 'ready' });
