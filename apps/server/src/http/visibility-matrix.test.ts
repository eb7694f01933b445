import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../test/harness.js';
import { signedInUser } from '../test/factories.js';
import { recordReliability } from '../test/reliability-report.js';
import {
  COLLECTION_AUDIENCES,
  MEMO_AUDIENCES,
  buildMatrixWorld,
  inviter,
  marker,
  type MatrixWorld,
} from '../test/visibility-world.js';
import {
  MATRIX_VIEWERS,
  PUBLIC_READERS,
  TABLE,
  reads,
  seesComments,
  type Audience,
  type ListedKind,
  type MatrixViewer,
  type PathObject,
  type Row,
} from '../test/visibility-table.js';

/**
 * The who-sees-what matrix (docs/notes/visibility-matrix.md): every GET operation of the
 * served OpenAPI document × every object audience × every kind of viewer, compared with the
 * one table of test/visibility-table.ts. A cell fails on a wrong status, on a listed object
 * shown or missing against the table, and on any marker of an object the viewer may not read
 * anywhere in any answer (a leak).
 */

interface Operation {
  key: string;
  path: string;
  query: Set<string>;
}

const LISTED: Record<ListedKind, readonly Audience[]> = {
  collection: COLLECTION_AUDIENCES,
  memo: MEMO_AUDIENCES,
  comment: MEMO_AUDIENCES,
  answer: MEMO_AUDIENCES,
  document: MEMO_AUDIENCES,
  user: ['public'],
};

/** The audiences a path object comes in (one for the objects that have none of their own). */
const AUDIENCES_OF: Partial<Record<PathObject, readonly Audience[]>> = {
  collection: COLLECTION_AUDIENCES,
  collectionPicture: COLLECTION_AUDIENCES,
  memo: MEMO_AUDIENCES,
  todo: MEMO_AUDIENCES,
  comment: MEMO_AUDIENCES,
  memoPhoto: MEMO_AUDIENCES,
  memoDocument: MEMO_AUDIENCES,
  memoVideo: ['private', 'public'],
};

/** Every marker of the world, by kind, with who may ever see it (through any operation). */
const MARKED: readonly [ListedKind | 'todo', readonly Audience[]][] = [
  ['collection', COLLECTION_AUDIENCES],
  ['memo', MEMO_AUDIENCES],
  ['todo', MEMO_AUDIENCES],
  ['document', MEMO_AUDIENCES],
  ['comment', MEMO_AUDIENCES],
  ['answer', MEMO_AUDIENCES],
];
const mayEverSee = (kind: ListedKind | 'todo', audience: Audience, viewer: MatrixViewer) =>
  kind === 'comment' || kind === 'answer'
    ? seesComments(audience, viewer)
    : reads(audience, viewer) || PUBLIC_READERS[audience].includes(viewer);

/** Requests in flight at once: PostgreSQL answers several while one waits. */
const PARALLEL = 8;

describeDb('who sees what: every GET operation × every viewer', () => {
  let t: TestApp;
  let w: MatrixWorld;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildMatrixWorld(t);
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      methods.get
        ? [
            {
              key: `GET ${path}`,
              path,
              query: new Set(
                (methods.get.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
              ),
            },
          ]
        : [],
    );
  }, 300_000);
  afterAll(() => t?.close());

  /** A request from a fresh person to the author: its id and its emailed token. */
  async function freshRequest() {
    const person = await signedInUser(t, { name: 'Rita Requester' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/connection',
      headers: person.headers,
      payload: { user_to_email: w.author.usermail },
    });
    if (res.statusCode !== 201) throw new Error(`request: ${res.statusCode} ${res.body}`);
    const link = t.mail.linkFor(w.author.usermail);
    return { id: String(res.json().id), token: new URL(link).pathname.split('/').pop() ?? '' };
  }

  /**
   * One request to the author for everyone who must not be able to touch it (a leak that
   * accepts it shows at that cell, and changes every answer after it); a fresh one for each
   * owner, who accepts or rejects it.
   */
  let shared: Promise<{ id: string; token: string }> | undefined;
  const requestFor = (viewer: MatrixViewer) =>
    viewer === 'author' || viewer === 'delegate' ? freshRequest() : (shared ??= freshRequest());

  /** The path parameter's value for an object of `audience`, asked by `viewer`. */
  async function valueOf(
    object: PathObject,
    audience: Audience,
    viewer: MatrixViewer,
  ): Promise<string> {
    const memo = w.memos[audience];
    const collections = { ...w.collections, secret_link: w.secretCollection } as Record<
      Audience,
      string
    >;
    switch (object) {
      case 'author':
        return String(w.author.id);
      case 'avatar':
        return String(w.avatar);
      case 'collection':
        return collections[audience];
      case 'collectionPicture':
        return String(w.collectionPictures[audience as keyof typeof w.collectionPictures]);
      case 'memo':
        return String(memo.id);
      case 'todo':
        return String(memo.todo);
      case 'comment':
        return String(memo.comment);
      case 'memoPhoto':
        return String(memo.photo);
      case 'memoVideo':
        return String(memo.video);
      case 'memoDocument':
        return String(memo.document);
      case 'connection':
        return String(w.connection);
      case 'pendingRequest':
        return (await requestFor(viewer)).id;
      case 'emailedRequest':
        return (await requestFor(viewer)).token;
      case 'qrToken':
        return w.qrToken;
      case 'inviterQrToken':
        // the delegate is the author: each owner connects with an inviter of their own
        return viewer === 'author' || viewer === 'delegate'
          ? (await inviter(t, w.people.blocked.id)).token
          : w.inviterToken;
      case 'lockCode':
        return '1234';
      case 'slug':
        return w.slug;
      case 'dataExport':
        return w.dataExport;
      case 'thread':
        return String(w.thread);
      case 'threadPicture':
        return String(w.threadPicture);
      case 'messagePhoto':
        return String(w.messagePhoto);
      case 'messageDocument':
        return String(w.messageDocument);
      case 'workspace':
        return String(w.workspace);
      case 'transfer':
        return w.transfer;
      case 'product':
        return String(w.product);
      case 'order':
        return String(w.order);
      case 'localPayment':
        return w.localPayment;
      case 'imageUrl':
        return encodeURIComponent('http://127.0.0.1/x.png');
      case 'none':
        return '';
    }
  }

  function urlOf(
    op: Operation,
    value: string,
    audience: Audience,
    viewer: MatrixViewer,
    search: boolean,
  ) {
    // a transfer's file is named by its place in the transfer: the first one
    const path = op.path.replace(/\{[^}]+\}/, value).replace('{index}', '0');
    const query = new URLSearchParams();
    // the tag is in every marker: a search for it matches every object of the world
    if (search) query.set('search', w.tag);
    if (viewer === 'linkHolder') {
      if (op.query.has('collection_sec_link')) query.set('collection_sec_link', w.collectionSecret);
      if (op.query.has('memo_sec_link')) query.set('memo_sec_link', w.memoSecret);
    }
    // pins are per collection
    if (op.path.includes('pin') && op.query.has('collection')) {
      query.set('collection', w.memos[audience].collection);
    }
    const text = query.toString();
    return text ? `${path}?${text}` : path;
  }

  const objectOf = (row: Row, op: Operation): PathObject =>
    row.object === 'none' && op.path.includes('{value}') ? 'lockCode' : row.object;

  interface Cell {
    op: Operation;
    row: Row;
    object: PathObject;
    audience: Audience;
    viewer: MatrixViewer;
    url: string;
    search: boolean;
  }

  /** Compares one answer with the table; answers the leaks and the other wrong answers. */
  function check(cell: Cell, status: number, body: string, leaks: string[], wrong: string[]) {
    const { op, row, object, audience, viewer } = cell;
    const where = `${op.key}${cell.search ? ' searched' : ''} (${object} ${audience}) as ${viewer}`;
    const ok = (s: number) => s >= 200 && s < 300;
    const expected = row.status(audience, viewer);
    if (status !== expected) {
      const line = `${where}: expected ${expected}, got ${status}`;
      (ok(status) && !ok(expected) ? leaks : wrong).push(line);
    }
    if (row.shows) {
      for (const listed of LISTED[row.shows.kind]) {
        const word =
          row.shows.kind === 'user'
            ? marker(w.tag, 'user', 'author')
            : marker(w.tag, row.shows.kind, listed);
        const shown = body.includes(word);
        const should = ok(status) && row.shows.when(listed, viewer, audience);
        if (shown && !should) {
          leaks.push(`${where}: shows the ${listed} ${row.shows.kind}, which it must not`);
        } else if (!shown && should) {
          wrong.push(`${where}: leaves out the ${listed} ${row.shows.kind}`);
        }
      }
    }
    // whatever the operation: no marker of an object this viewer may not read, anywhere
    for (const [kind, audiences] of MARKED) {
      for (const marked of audiences) {
        if (body.includes(marker(w.tag, kind, marked)) && !mayEverSee(kind, marked, viewer)) {
          leaks.push(`${where}: the answer holds the ${marked} ${kind}`);
        }
      }
    }
    // and none of the author's secrets: the address (not disclosed) and the secret links
    const owner = viewer === 'author' || viewer === 'delegate';
    const secrets: [string, string, boolean][] = [
      // an emailed link names the address it was mailed to: its holder read it there; the
      // other contact shares a workspace with the author that shares e-mail among members
      [
        'e-mail address',
        w.author.usermail,
        owner || object === 'emailedRequest' || viewer === 'otherContact',
      ],
      ['collection secret link', w.collectionSecret, owner || viewer === 'linkHolder'],
      ['memo secret link', w.memoSecret, owner || viewer === 'linkHolder'],
    ];
    for (const [name, value, allowed] of secrets) {
      if (!allowed && body.includes(value)) leaks.push(`${where}: the answer holds the ${name}`);
    }
  }

  it('classifies every GET operation of the document and finds no leak', async () => {
    const unclassified = operations.filter((op) => !TABLE[op.key]).map((op) => op.key);
    const stale = Object.keys(TABLE).filter((key) => !operations.some((op) => op.key === key));
    expect(unclassified, 'GET operations missing from test/visibility-table.ts').toEqual([]);
    expect(stale, 'rows of test/visibility-table.ts for operations gone').toEqual([]);

    let cells = 0;
    const leaks: string[] = [];
    const wrong: string[] = [];
    for (const op of operations) {
      const row = TABLE[op.key] as Row;
      const object = objectOf(row, op);
      // lists that search are asked twice: searching takes other queries
      const searches = row.shows && op.query.has('search') ? [false, true] : [false];
      const batch: Cell[] = [];
      for (const search of searches) {
        for (const audience of AUDIENCES_OF[object] ?? (['public'] as const)) {
          for (const viewer of MATRIX_VIEWERS) {
            const url = urlOf(
              op,
              await valueOf(object, audience, viewer),
              audience,
              viewer,
              search,
            );
            batch.push({ op, row, object, audience, viewer, url, search });
          }
        }
      }
      // the objects were made one at a time (some per cell); the requests go a few at a time,
      // the author's cells first: their answers are kept (the answer cache keeps hot reads per
      // viewer) before anyone else asks the same address, so a kept answer given to the
      // wrong viewer is a leak found here too
      batch.sort((a, b) => Number(b.viewer === 'author') - Number(a.viewer === 'author'));
      for (let i = 0; i < batch.length; i += PARALLEL) {
        const slice = batch.slice(i, i + PARALLEL);
        const answers = await Promise.all(
          slice.map((cell) => t.app.inject({ url: cell.url, headers: w.headersOf[cell.viewer] })),
        );
        slice.forEach((cell, j) => {
          const res = answers[j];
          if (res) check(cell, res.statusCode, res.body, leaks, wrong);
        });
      }
      cells += batch.length;
    }
    const detail = `${cells} cells (GET operations × object audiences × ${MATRIX_VIEWERS.length} viewer kinds); leaks ${leaks.length}, wrong answers ${wrong.length}`;
    recordReliability({
      suite: 'visibility',
      cases: cells,
      operations: operations.length,
      failures: leaks.length + wrong.length,
      detail,
    });
    expect({ leaks, wrong }).toEqual({ leaks: [], wrong: [] });
  }, 300_000);
});
