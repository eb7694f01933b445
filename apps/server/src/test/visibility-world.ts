import { randomBytes } from 'node:crypto';
import { COLLECTION_TYPES } from '@memoria/domain';
import { insertCollection } from './content.js';
import { signedInUser } from './factories.js';
import type { TestApp } from './harness.js';
import { blockUser, connectUsers, identifyUser } from './social.js';
import { buildViewerWorld, type ViewerWorld } from './viewer-world.js';
import {
  clipFixture,
  mediaServiceFor,
  multipart,
  pngFixture,
} from '../modules/media/test-support.js';
import type { Audience, MatrixViewer } from './visibility-table.js';

/**
 * The world the who-sees-what matrix (http/visibility-matrix.test.ts) walks: the viewer world
 * (one author, a collection of every type, a person of every viewer kind, a delegate) plus a
 * secret-link collection, a memo of every audience with a todo, a comment, an answer, a
 * reaction, a photo, a video and a document, a collection picture per audience, the author's
 * picture, and a secret-link holder (a visitor who holds the links). Every object carries a
 * marker (a random word in its title, name or text) so an answer that shows it is caught
 * wherever it shows it.
 */

export const COLLECTION_AUDIENCES = [...COLLECTION_TYPES, 'secret_link'] as const;
export type CollectionAudience = (typeof COLLECTION_AUDIENCES)[number];
export const MEMO_AUDIENCES = [...COLLECTION_AUDIENCES, 'memo_link', 'scheduled'] as const;

export interface MemoObjects {
  id: number;
  collection: string;
  todo: number;
  comment: number;
  photo: number;
  document: number;
  video?: number;
}

export interface MatrixWorld extends ViewerWorld {
  /** the word every marker starts with; a body holding it shows some object of the world */
  tag: string;
  headersOf: Record<MatrixViewer, Record<string, string>>;
  /** the secret-link collection (private, link on) and its token */
  secretCollection: string;
  collectionSecret: string;
  /** the memo secret (smt) of the memo_link memo */
  memoSecret: string;
  memos: Record<Audience, MemoObjects>;
  collectionPictures: Record<CollectionAudience, number>;
  avatar: number;
  /** the connection row between the author and the other contact */
  connection: number;
  /** the author's QR token */
  qrToken: string;
  /** the author's public profile address */
  slug: string;
  /** the id of the author's ready data export */
  dataExport: string;
  /** the QR token of someone who blocked the blocked person (for the QR confirm) */
  inviterToken: string;
  /** a group conversation of the author with the other contact, with one message */
  thread: number;
  /** that conversation's picture */
  threadPicture: number;
  /** a photo and a document sent with its message */
  messagePhoto: number;
  messageDocument: number;
  /**
   * a workspace the author administers, with the author and the other contact as its
   * members, sharing e-mail among them
   */
  workspace: number;
  /** the author's file transfer of one file, uploaded and open (docs/notes/file-transfer.md) */
  transfer: string;
  /** a plan on sale, an order the author paid and its payment at the built-in provider */
  product: number;
  order: number;
  localPayment: string;
}

/** The marker of an object: which kind, which audience, and the world's tag. */
export const marker = (tag: string, kind: string, audience: string) =>
  // the closing dot keeps all_contacts from matching inside all_contacts_followers
  `${tag}-${kind}-${audience}.`;

async function inject(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function upload(
  t: TestApp,
  headers: Record<string, string>,
  url: string,
  file: Parameters<typeof multipart>[0],
  fields: Record<string, string> = {},
): Promise<number> {
  const body = multipart(file, fields);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

export async function buildMatrixWorld(t: TestApp): Promise<MatrixWorld> {
  const base = await buildViewerWorld(t);
  const tag = `mx${randomBytes(4).toString('hex')}`;
  const { db, dialect } = t.database;
  const author = base.author.headers;
  const collectionSecret = `sec${randomBytes(12).toString('hex')}`;
  // the public profile's address (a slug needs a letter: all digits would read as an id)
  const slug = `${tag}author`;
  const secretCollection = await insertCollection(t, base.author.id, 'private', {
    secret: collectionSecret,
  });
  // the author's data export, made by its job before any
  // upload queues work of its own (a video must still be converting below): only its owner may download it
  await inject(t, 'POST', '/api/user/export', author);
  await t.app.jobs.runDue();
  const dataExport = (await inject(t, 'GET', '/api/user/export', author)).export as { id: string };
  // the author buys Bronze through the built-in provider (docs/notes/subscriptions.md)
  const me = await inject(t, 'GET', '/api/profile', author);
  await t.app.inject({
    method: 'PATCH',
    url: `/api/user/profile/${me.profile_id}`,
    headers: author,
    payload: {
      billing_first_name: 'Author',
      billing_last_name: 'Matrix',
      billing_email: 'author@example.com',
      billing_address_one: 'Street 1',
      billing_zipcode: '1000',
      billing_place: 'Brussels',
      billing_country: 'BE',
    },
  });
  const bronze = (await inject(t, 'GET', '/api/product?type=personal', author)).find(
    (p: { name: string }) => p.name === 'Bronze',
  ) as { id: number };
  const bought = await inject(t, 'POST', '/api/order/mollie', author, {
    product: `/api/product/${bronze.id}`,
    payment_success_redirect_url: `${t.config.publicUrl}/subscription-result`,
  });
  const localPayment = new URL(bought.payment_checkout_url as string).pathname.split('/').at(-1)!;
  await t.app.inject({
    method: 'POST',
    url: `/api/payment/local/${localPayment}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=pay',
  });
  const collectionOf: Record<CollectionAudience, string> = {
    ...base.collections,
    secret_link: secretCollection,
  };
  for (const audience of COLLECTION_AUDIENCES) {
    await db
      .updateTable('collections')
      .set({ name: marker(tag, 'collection', audience) })
      .where('id', '=', collectionOf[audience])
      .execute();
  }
  // the verified people see identified_contacts, the blocked one is verified too (only the
  // block hides things)
  await identifyUser(t, base.people.blocked.id);
  // the author's profile is public, named by a marker: discover and search list it
  await db
    .updateTable('user_profiles')
    .set({
      name: marker(tag, 'user', 'author'),
      user_has_public_profile: dialect.bool(true),
      public_profile_enabled: dialect.bool(true),
      public_slug: slug,
    })
    .where('user_id', '=', base.author.id)
    .execute();

  const png = await pngFixture(64, 48);
  const clip = clipFixture({ width: 64, height: 48, seconds: 1 });
  const memos = {} as Record<Audience, MemoObjects>;
  // the audiences side by side: the uploads' image work runs on other threads meanwhile
  const buildMemo = async (audience: Audience) => {
    const collection =
      audience === 'memo_link'
        ? collectionOf.private
        : audience === 'scheduled'
          ? collectionOf.public
          : collectionOf[audience];
    const memo = await inject(t, 'POST', '/api/memo', author, {
      title: marker(tag, 'memo', audience),
      memos_per_collection: [`/api/collection/${collection}`],
      memo_todos: [{ description: marker(tag, 'todo', audience) }],
    });
    const id = memo.id as number;
    const comment = await inject(t, 'POST', '/api/memo/comment', author, {
      memo: `/api/memo/${id}`,
      description: marker(tag, 'comment', audience),
    });
    await inject(t, 'POST', '/api/memo/comment', author, {
      memo: `/api/memo/${id}`,
      description: marker(tag, 'answer', audience),
      parent: `/api/memo/comment/${comment.id}`,
    });
    await inject(t, 'POST', '/api/memo/reaction', author, {
      memo: `/api/memo/${id}`,
      reaction_type: 'love',
    });
    const memoRef = { memo: `/api/memo/${id}` };
    const photo = await upload(
      t,
      author,
      '/api/memo/photo',
      { name: 'p.png', content: png },
      memoRef,
    );
    const document = await upload(
      t,
      author,
      '/api/memo/document',
      { name: 'notes.txt', content: Buffer.from('plain notes\n') },
      { ...memoRef, description: marker(tag, 'document', audience) },
    );
    // one video is enough: it stays converting (409 to those who may see it)
    const video =
      audience === 'public' || audience === 'private'
        ? await upload(t, author, '/api/memo/video', { name: 'v.mov', content: clip }, memoRef)
        : undefined;
    const full = await inject(t, 'GET', `/api/memo/${id}`, author);
    memos[audience] = {
      id,
      collection,
      todo: full.memo_todos[0].id as number,
      comment: comment.id as number,
      photo,
      document,
      video,
    };
  };
  await Promise.all(MEMO_AUDIENCES.map(buildMemo));
  const link = await inject(t, 'GET', `/api/memo/${memos.memo_link.id}/secret-link`, author);
  const memoSecret = /smt=([^&]+)/.exec(link.secret_link as string)?.[1];
  if (!memoSecret) throw new Error(`no smt in ${link.secret_link}`);
  await db
    .updateTable('memos')
    .set({
      status: 'scheduled',
      published_at: null,
      memo_scheduled: dialect.time(new Date(Date.now() + 86_400_000)),
    })
    .where('id', '=', memos.scheduled.id)
    .execute();

  const media = mediaServiceFor(t);
  const collectionPictures = {} as Record<CollectionAudience, number>;
  const attachPicture = async (audience: CollectionAudience) => {
    const picture = await upload(t, author, '/api/collection/picture', {
      name: 'c.png',
      content: png,
    });
    await db
      .transaction()
      .execute((trx) =>
        media.attachPictureToCollection(trx, picture, collectionOf[audience], base.author.id),
      );
    collectionPictures[audience] = picture;
  };
  await Promise.all(COLLECTION_AUDIENCES.map(attachPicture));
  const avatar = await upload(t, author, '/api/user/picture', { name: 'a.png', content: png });

  const row = await db
    .selectFrom('contacts')
    .select('connection_id')
    .where('user_id', '=', base.author.id)
    .where('contact_id', '=', base.people.otherContact.id)
    .executeTakeFirstOrThrow();
  const qr = await inject(t, 'GET', '/api/connection-token', author);

  // a conversation: its members only (the author, the delegate acting for them, the other contact)
  const threadPicture = await upload(t, author, '/api/thread/picture', {
    name: 't.png',
    content: png,
  });
  const thread = (await inject(t, 'POST', '/api/thread', author, {
    thread_type: 'group',
    name: 'Matrix conversation',
    users: [base.people.otherContact.id],
    thread_picture: threadPicture,
  })) as { id: number };
  const messagePhoto = await upload(t, author, '/api/message/photo', {
    name: 'm.png',
    content: png,
  });
  const messageDocument = await upload(t, author, '/api/message/document', {
    name: 'm.txt',
    content: Buffer.from('notes\n'),
  });
  await inject(t, 'POST', '/api/thread/message', author, {
    thread: `/api/thread/${thread.id}`,
    description: 'hello',
    message_photos: [messagePhoto],
    message_documents: [messageDocument],
  });

  // a workspace (docs/notes/workspaces.md): the author makes it and becomes a main user
  const workspace = (await inject(t, 'POST', '/api/create-workspace', author, {
    name: 'Matrix workspace',
  })) as { id: number };
  await connectUsers(t, workspace.id, base.people.otherContact.id);
  // the author is a member too, and the workspace shares e-mail among its members: the other
  // contact may read the author's address, nobody else (docs/notes/workspaces.md, Flags)
  await connectUsers(t, workspace.id, base.author.id);
  await inject(t, 'PATCH', `/api/workspace/${workspace.id}`, author, {
    connections_share_email_to_workspace_members: true,
  });

  const headersOf = { ...base.headers, linkHolder: {} } as Record<
    MatrixViewer,
    Record<string, string>
  >;
  return {
    ...base,
    tag,
    headersOf,
    secretCollection,
    collectionSecret,
    memoSecret,
    memos,
    collectionPictures,
    avatar,
    connection: row.connection_id,
    qrToken: qr.token as string,
    slug,
    workspace: workspace.id,
    dataExport: String(dataExport.id),
    inviterToken: (await inviter(t, base.people.blocked.id)).token,
    thread: thread.id,
    threadPicture,
    messagePhoto,
    messageDocument,
    transfer: await sentTransfer(t, author),
    product: bronze.id,
    order: bought.id as number,
    localPayment,
  };
}

/** A transfer of one small file, every byte uploaded and the link open. */
async function sentTransfer(t: TestApp, headers: Record<string, string>): Promise<string> {
  const created = (await inject(t, 'POST', '/api/transfers', headers, {
    expiry: '1d',
    max_downloads: 100,
    manifest: 'c2VhbGVk',
    files: [{ size: 32 }],
  })) as { id: string; uploads: { upload_url: string }[] };
  const res = await t.app.inject({
    method: 'PATCH',
    url: created.uploads[0]!.upload_url,
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: Buffer.alloc(32, 7),
  });
  if (res.statusCode !== 204) throw new Error(`transfer upload: ${res.statusCode} ${res.body}`);
  await inject(t, 'POST', `/api/transfers/${created.id}/complete`, headers);
  return created.id;
}

/** Someone with a QR token of their own, who blocked `blocked` (connecting at once by QR). */
export async function inviter(t: TestApp, blocked: number) {
  const person = await signedInUser(t, { name: 'Ivo Inviter' });
  await blockUser(t, person.id, blocked);
  const qr = await t.app.inject({ url: '/api/connection-token', headers: person.headers });
  return { person, token: qr.json().token as string };
}
