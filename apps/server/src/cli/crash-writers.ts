/**
 * The writers of the crash test (crash-safety.cli.test.ts): concurrent loops that post memos,
 * comments, memo photos, memo documents and avatars to a real server process until it dies,
 * and remember every write the server acknowledged (a 201 with an id). What they remember is
 * what crash-checks.ts looks for after the restart.
 */

/** A small seeded generator (mulberry32), so a failing run can be tried again with its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface AckedWrites {
  /** memo id → its title */
  memos: Map<number, string>;
  comments: { id: number; memoId: number; text: string }[];
  photos: { id: number; memoId: number }[];
  documents: { id: number; memoId: number }[];
  avatars: number[];
}

export const noAckedWrites = (): AckedWrites => ({
  memos: new Map(),
  comments: [],
  photos: [],
  documents: [],
  avatars: [],
});

export const ackedCount = (acked: AckedWrites) =>
  acked.memos.size +
  acked.comments.length +
  acked.photos.length +
  acked.documents.length +
  acked.avatars.length;

export interface WriterTarget {
  url: string;
  token: string;
  collectionId: string;
  png: Buffer;
  document: Buffer;
}

type Write = 'memo' | 'comment' | 'photo' | 'document' | 'avatar';

/** How often each write is picked: mostly memos, enough uploads to crash during some. */
const WEIGHTS: [Write, number][] = [
  ['memo', 0.35],
  ['comment', 0.25],
  ['photo', 0.25],
  ['document', 0.1],
  ['avatar', 0.05],
];

function pick(random: () => number): Write {
  let roll = random();
  for (const [write, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return write;
  }
  return 'memo';
}

/** POSTs and answers the new id when the server acknowledged it, undefined otherwise. */
async function post(target: WriterTarget, path: string, body: FormData | object) {
  const form = body instanceof FormData;
  const res = await fetch(`${target.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${target.token}`,
      ...(form ? {} : { 'content-type': 'application/json' }),
    },
    body: form ? body : JSON.stringify(body),
  });
  const answer = (await res.json()) as { id?: number };
  if (res.status !== 201) {
    throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
  }
  return answer.id as number;
}

function uploadForm(memoId: number | null, file: Buffer, name: string, type: string) {
  const form = new FormData();
  if (memoId !== null) form.append('memo', String(memoId));
  form.append('file', new Blob([new Uint8Array(file)], { type }), name);
  return form;
}

/** One write of the chosen kind; its acknowledgement is recorded before the next starts. */
async function writeOnce(
  target: WriterTarget,
  acked: AckedWrites,
  random: () => number,
  tag: string,
): Promise<void> {
  const memoIds = [...acked.memos.keys()];
  const someMemo = () => memoIds[Math.floor(random() * memoIds.length)]!;
  const write = memoIds.length === 0 ? 'memo' : pick(random);
  if (write === 'memo') {
    const title = `crash ${tag}`;
    const id = await post(target, '/api/memo', {
      title,
      memos_per_collection: [target.collectionId],
    });
    acked.memos.set(id, title);
  } else if (write === 'comment') {
    const memoId = someMemo();
    const text = `comment ${tag}`;
    const id = await post(target, '/api/memo/comment', { memo: memoId, description: text });
    acked.comments.push({ id, memoId, text });
  } else if (write === 'photo') {
    const memoId = someMemo();
    const form = uploadForm(memoId, target.png, `${tag}.png`, 'image/png');
    acked.photos.push({ id: await post(target, '/api/memo/photo', form), memoId });
  } else if (write === 'document') {
    const memoId = someMemo();
    const form = uploadForm(memoId, target.document, `${tag}.txt`, 'text/plain');
    acked.documents.push({ id: await post(target, '/api/memo/document', form), memoId });
  } else {
    const form = uploadForm(null, target.png, `${tag}.png`, 'image/png');
    acked.avatars.push(await post(target, '/api/user/picture', form));
  }
}

/**
 * Runs `writers` loops until a request fails: the server was killed (a refused or cut
 * connection). Answers the first failure that was not the server going away, if any: a write
 * the server refused while it was up is a defect of its own.
 */
export async function runWriters(
  target: WriterTarget,
  acked: AckedWrites,
  random: () => number,
  writers: number,
  cycle: number,
): Promise<{ refusals: string[] }> {
  const refusals: string[] = [];
  let serial = 0;
  const loop = async (writer: number) => {
    for (;;) {
      serial += 1;
      try {
        await writeOnce(target, acked, random, `c${cycle}w${writer}n${serial}`);
      } catch (error) {
        if (error instanceof TypeError) return; // fetch failed: the connection went with the server
        refusals.push(String(error));
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: writers }, (_, writer) => loop(writer)));
  return { refusals };
}
