/**
 * Who sees what, as one table: every GET operation of the OpenAPI document × every kind of
 * viewer of docs/RULES.md (Audiences, Secret links, Memo visibility, Blocking, Comments and
 * reactions, Feed and discover), with what each one gets. http/visibility-matrix.test.ts
 * reads the served document, fills each operation's path with a real object of every
 * audience, asks as every viewer and compares with this table; an operation missing here
 * fails the test by name. See docs/notes/visibility-matrix.md.
 */

import { VIEWER_KINDS } from './viewer-world.js';

export const MATRIX_VIEWERS = [
  ...VIEWER_KINDS,
  /** not signed in, holding the secret link of the secret_link collection and of the memo_link memo */
  'linkHolder',
] as const;
export type MatrixViewer = (typeof MATRIX_VIEWERS)[number];

/**
 * The audiences an object may have: the six collection types, a private collection with its
 * secret link on (secret_link), a memo of the private collection with its own secret link
 * (memo_link), and a memo of the public collection scheduled for tomorrow (scheduled).
 */
export type Audience =
  | 'private'
  | 'selected_contacts'
  | 'identified_contacts'
  | 'all_contacts'
  | 'all_contacts_followers'
  | 'public'
  | 'secret_link'
  | 'memo_link'
  | 'scheduled';

/**
 * Viewer kinds that cannot exist (yet) for some objects, and what stands in for them:
 * - collaborator: collaboration exists only on selected_contacts, identified_contacts and
 *   all_contacts (docs/RULES.md, Audiences); on the other types the collaborator is one more
 *   connection (verified, selected), which is what the table expects of them there.
 * - delegate: acts for the author with a delegation's default rules, so everywhere as the
 *   author; a delegation with narrower rules is not in the matrix (modules/delegations tests).
 * - linkHolder: secret links exist for collections and memos only; for every other object
 *   the holder is a visitor, and a memo's link opens that memo alone, never a list.
 * - selected contact / verified contact / other contact of a profile, a connection or a token:
 *   these objects have no audience of their own; each kind is just someone connected.
 * - workspace members: the world's workspace is the author's (so the delegate's too) with the
 *   author and the other contact as its members, sharing e-mail among them (so the other
 *   contact alone may read the author's address); every other kind is a stranger to it.
 */
const OWNERS = ['author', 'delegate'] as const;
const CONTACTS = ['collaborator', 'selectedContact', 'verifiedContact', 'otherContact'] as const;
/** The types with collaboration (and its checklist) on in the world; their readers add memos. */
const COLLABORATIVE: readonly Audience[] = [
  'selected_contacts',
  'identified_contacts',
  'all_contacts',
];
const EVERYONE_BUT_BLOCKED = MATRIX_VIEWERS.filter((v) => v !== 'blocked');

/**
 * docs/RULES.md, Audiences and Secret links: who reads an object of each audience. The
 * collaborator is selected, verified and connected; the blocked person is all of these and
 * a follower, so only the block hides things from them.
 */
export const READERS: Record<Audience, readonly MatrixViewer[]> = {
  private: OWNERS,
  selected_contacts: [...OWNERS, 'collaborator', 'selectedContact'],
  identified_contacts: [...OWNERS, 'collaborator', 'verifiedContact'],
  all_contacts: [...OWNERS, ...CONTACTS],
  all_contacts_followers: [...OWNERS, ...CONTACTS, 'follower'],
  public: EVERYONE_BUT_BLOCKED,
  secret_link: [...OWNERS, 'linkHolder'],
  memo_link: [...OWNERS, 'linkHolder'],
  // docs/RULES.md, Memo visibility: the author's alone until its time
  scheduled: OWNERS,
};

/** The /api/p/ variants treat everyone as a visitor: public objects and secret links only. */
export const PUBLIC_READERS: Record<Audience, readonly MatrixViewer[]> = {
  private: [],
  selected_contacts: [],
  identified_contacts: [],
  all_contacts: [],
  all_contacts_followers: [],
  public: MATRIX_VIEWERS,
  secret_link: ['linkHolder'],
  memo_link: ['linkHolder'],
  scheduled: [],
};

/** docs/RULES.md, Comments and reactions: the author's connections and followers who read the memo. */
export const ENGAGED: readonly MatrixViewer[] = [...OWNERS, ...CONTACTS, 'follower'];
export const seesComments = (audience: Audience, viewer: MatrixViewer) =>
  READERS[audience].includes(viewer) && ENGAGED.includes(viewer);

/** docs/RULES.md, Feed: people the viewer is connected with or follows (not the author's own). */
const FEEDS_ON_AUTHOR: readonly MatrixViewer[] = [...CONTACTS, 'follower'];

export const reads = (audience: Audience, viewer: MatrixViewer) =>
  READERS[audience].includes(viewer);

/** The refusals: which status says no (docs/API.md, Errors). */
export const SIGN_IN = 401;
/** The object exists but is not yours to see: the answer names nothing of it. */
export const HIDDEN = 403;
/** Blocked either way, scheduled for later, or not existing: as if it did not exist. */
export const GONE = 404;

/** The status a viewer gets for an object (whether a listed object shows is in `Row.shows`). */
export type Expect = number;

type Status = (audience: Audience, viewer: MatrixViewer) => Expect;

const NO_SESSION: readonly MatrixViewer[] = ['visitor', 'linkHolder'];

/** Operations that need a session: who has none is asked to sign in first, whatever the object. */
const session =
  (status: Status): Status =>
  (audience, viewer) =>
    NO_SESSION.includes(viewer) ? SIGN_IN : status(audience, viewer);

/**
 * Reading an object: readers get `ok`; the blocked, and everyone for a memo not published
 * yet, 404 (docs/RULES.md, Blocking and Memo visibility); other people 403, with a message
 * that names nothing of the object.
 */
export const seen =
  (ok = 200): Status =>
  (audience, viewer) => {
    if (reads(audience, viewer)) return ok;
    if (viewer === 'blocked' || audience === 'scheduled') return GONE;
    return HIDDEN;
  };

/**
 * The /api/p/ variants treat every caller as a visitor (the blocked too: they could sign out
 * and see the same): public objects and secret links only, 403 otherwise.
 */
export const seenPublicly =
  (ok = 200): Status =>
  (audience, viewer) => {
    if (PUBLIC_READERS[audience].includes(viewer)) return ok;
    return audience === 'scheduled' ? GONE : HIDDEN;
  };

/** In lists a memo's own secret link opens nothing: it opens that memo alone, on its page. */
const listedFor = (audience: Audience, viewer: MatrixViewer, who = READERS) =>
  !(audience === 'memo_link' && viewer === 'linkHolder') && who[audience].includes(viewer);

/** An owner's action (secret links, pins): the owners get `ok`; the rest as if reading it. */
export const owned =
  (ok = 200): Status =>
  (audience, viewer) => {
    if ((OWNERS as readonly string[]).includes(viewer)) return ok;
    const read = seen()(audience, viewer);
    return read === 200 ? HIDDEN : read;
  };

/** What fills an operation's path parameter. */
export type PathObject =
  | 'none'
  | 'product'
  | 'order'
  | 'localPayment'
  | 'author'
  | 'avatar'
  | 'collection'
  | 'collectionPicture'
  | 'memo'
  | 'todo'
  | 'comment'
  | 'memoPhoto'
  | 'memoVideo'
  | 'memoDocument'
  | 'connection'
  | 'pendingRequest'
  | 'emailedRequest'
  | 'qrToken'
  | 'inviterQrToken'
  | 'lockCode'
  | 'slug'
  | 'dataExport'
  | 'thread'
  | 'threadPicture'
  | 'messagePhoto'
  | 'messageDocument'
  | 'imageUrl'
  | 'workspace'
  | 'transfer';

/** What a list shows, found in the answer by the object's marker. */
export type ListedKind = 'collection' | 'memo' | 'comment' | 'answer' | 'document' | 'user';

export interface Row {
  /** what the path parameter is; 'none' when the operation has none */
  object: PathObject;
  /**
   * For operations not tied to someone's object. own: the signed-in account's own data;
   * public: the same for everyone. Besides the status, the leak scan that every cell gets
   * checks them: no marker of an object the viewer may not read, no secret of the author.
   */
  scope?: 'own' | 'public';
  /** the status per audience of the path object (one audience when the object has none) */
  status: Status;
  /** for lists: which objects of which kind must show, by their audience */
  shows?: {
    kind: ListedKind;
    when: (listed: Audience, viewer: MatrixViewer, path: Audience) => boolean;
  };
  /** a note for the reader of the table (why an answer is what it is) */
  why?: string;
}

const everyone =
  (ok = 200): Status =>
  () =>
    ok;
const signedIn = (ok = 200) => session(everyone(ok));
/** Everyone but the blocked, who get 404 (docs/RULES.md, Blocking). */
const unlessBlocked =
  (ok = 200): Status =>
  (_a, viewer) =>
    viewer === 'blocked' ? GONE : ok;
/** The author's own business: the author and the delegate; anyone else 403, which says nothing. */
const ownersOnly = session((_a, viewer) => (OWNERS.includes(viewer as 'author') ? 200 : HIDDEN));
/** The account's export: each person their own; a delegate acting for the author 403. */
const accountOwner: Status = (_a, viewer) => (viewer === 'delegate' ? HIDDEN : 200);
const own = (ok = 200, why?: string): Row => ({
  object: 'none',
  scope: 'own',
  status: signedIn(ok),
  ...(why ? { why } : {}),
});
/** An order: its account (and the delegate acting for it); anyone else 404. */
const ordersOwner = session((_a, v) => (OWNERS.includes(v as 'author') ? 200 : GONE));
/** Comments and reactions: those engaged with the author who read the memo. */
const engaged: Status = (a, v) => (seesComments(a, v) ? 200 : owned()(a, v));
/** A conversation of the author with the other contact: its members; anyone else 404. */
const threadMembers = session((_a, v) =>
  v === 'author' || v === 'delegate' || v === 'otherContact' ? 200 : GONE,
);
/**
 * A conversation's picture or a message's file: a file, served with or without a session (signed URLs), so a
 * visitor gets the 404 of anyone who is not a member rather than 401.
 */
const threadPictureMembers: Status = (_a, v) =>
  v === 'author' || v === 'delegate' || v === 'otherContact' ? 200 : GONE;
/** The author's workspace: its admin (the author, the delegate acting for them) and its member. */
const workspaceMembers = threadMembers;
/** A request to the author: its receiver (the author, or the delegate acting for them). */
const receiver = (refused: number) =>
  session((_a, v) => (OWNERS.includes(v as 'author') ? 200 : refused));

/** A memo of audience `listed` lies in the collection of audience `path`. */
const inCollection = (listed: Audience, path: Audience) =>
  listed === path ||
  (path === 'private' && listed === 'memo_link') ||
  (path === 'public' && listed === 'scheduled');

export const TABLE: Record<string, Row> = {
  // --- not tied to an object --------------------------------------------------------------
  'GET /api/health': { object: 'none', scope: 'public', status: everyone() },
  'GET /api/push/vapid-key': { object: 'none', scope: 'public', status: everyone() },
  'GET /api/image/proxy/{*}': {
    object: 'imageUrl',
    scope: 'public',
    status: everyone(400),
    why: 'a loopback address is refused alike for everyone',
  },
  'GET /api/profile': own(),
  'GET /api/profile/2fa-backup': own(400, 'nobody in the world has two-factor on'),
  'GET /api/lock-code-exist': own(),
  'GET /api/lock-code-validate/{value}': own(400, 'nobody in the world has a PIN'),
  'GET /api/lock-code-reset': own(403, 'removing the PIN needs validate-password first'),
  'GET /api/user/connection': own(),
  'GET /api/identified_contacts': own(),
  'GET /api/user/contact/count': own(),
  'GET /api/connection-token': own(),
  'GET /api/followings': own(),
  'GET /api/followers': own(),
  'GET /api/blocks': own(),
  'GET /api/favourite-collection': own(),
  'GET /api/favourite-contact': own(),
  'GET /api/collection/groups': own(),
  'GET /api/notifications/unread': own(),
  'GET /api/notifications': own(),
  'GET /api/notification-settings': own(),
  'GET /api/feed/latest': own(),
  'GET /api/user/profile/public': own(),
  'GET /api/user/profile/public/slug/{slug}': {
    object: 'slug',
    scope: 'public',
    status: signedIn(),
    why: 'answers only whether the address is free: the same for everyone signed in',
  },
  // a delegate lists the sessions of the person signed in (their own), never the author's
  'GET /api/user/sessions': own(),
  'GET /api/user/export': { object: 'none', scope: 'own', status: session(accountOwner) },
  'GET /api/user/export/{id}/download': {
    object: 'dataExport',
    status: session((_a, v) => (v === 'author' ? 200 : v === 'delegate' ? HIDDEN : GONE)),
    why: 'a delegate may not act on the account itself; anyone else is told no export exists',
  },
  // the world's delegate holds the default rights, admin off (docs/RULES.md, Delegated rights)
  'GET /api/account/role': {
    object: 'none',
    scope: 'own',
    status: session(accountOwner),
    why: 'a delegate without the admin right may not read the delegations of the account',
  },
  'GET /api/account/role/audit': {
    object: 'none',
    scope: 'own',
    status: session(accountOwner),
    why: 'the log is for the account and its admins; the delegate holds no admin right',
  },
  // docs/notes/workspaces.md: each person their own list (the delegate holds the workspaces right)
  'GET /api/user/workspace': own(),
  'GET /api/user/workspace-connections': own(),
  // a workspace exists for its admins and members only; anyone else 404
  'GET /api/workspace/{id}': { object: 'workspace', status: workspaceMembers },
  'GET /api/workspace/{id}/members': { object: 'workspace', status: workspaceMembers },
  // the messenger (docs/notes/messenger.md): a conversation exists for its members only
  'GET /api/thread/{id}': { object: 'thread', status: threadMembers },
  'GET /api/thread/{id}/messages': { object: 'thread', status: threadMembers },
  // docs/notes/messenger.md, Thread picture: the conversation's members alone
  'GET /api/thread/photo/{id}': { object: 'threadPicture', status: threadPictureMembers },
  // docs/notes/messenger.md, Photos and documents: the conversation's members alone
  'GET /api/message/photo/{id}': { object: 'messagePhoto', status: threadPictureMembers },
  'GET /api/message/document/{id}': { object: 'messageDocument', status: threadPictureMembers },
  'GET /api/user/threads': own(),
  'GET /api/thread/search': own(),
  'GET /api/thread/unread': own(),
  'GET /api/thread-by-users': own(),
  // file transfer (docs/notes/file-transfer.md): the link is the key, whoever holds it
  'GET /api/transfers/{id}': {
    object: 'transfer',
    scope: 'public',
    status: everyone(),
    why: 'a transfer link opens for anyone who has it; what it shows is sizes and counts',
  },
  'GET /api/transfers/{id}/files/{index}': {
    object: 'transfer',
    scope: 'public',
    status: everyone(GONE),
    why: 'the files need the token of a counted download, which nobody in the world holds',
  },
  'GET /api/user/transfers': own(),
  'GET /api/chat-token': own(),
  // plans and orders (docs/notes/subscriptions.md): plans are for anyone signed in, an order
  // for its account alone (the delegate acts for it); anyone else is told it does not exist
  'GET /api/product': own(),
  'GET /api/product/{id}': { object: 'product', status: signedIn() },
  'GET /api/order': own(),
  'GET /api/order/{id}': { object: 'order', status: ordersOwner },
  'GET /api/order/success/{id}': { object: 'order', status: ordersOwner },
  'GET /api/order/{id}/invoice': { object: 'order', status: ordersOwner },
  'GET /api/payment/local/{id}': {
    object: 'localPayment',
    scope: 'public',
    status: everyone(),
    why: 'the built-in provider’s checkout page, like a payment provider’s: whoever has its address',
  },
  'GET /api/document/location': { object: 'none', scope: 'public', status: everyone() },
  'GET /api/document/privacy-policy': { object: 'none', scope: 'public', status: everyone() },
  // identity verification and external sign-in: the world has no identity service configured
  'GET /api/pim/provider': { object: 'none', scope: 'public', status: everyone() },
  'GET /api/identify_user_pim': own(403, 'no identity service is configured in the world'),
  'GET /api/pim/url': {
    object: 'none',
    scope: 'public',
    status: everyone(403),
    why: 'no identity service is configured in the world',
  },
  'GET /api/pim/callback': {
    object: 'none',
    scope: 'public',
    status: everyone(400),
    why: 'no request was started, so no state is known',
  },

  // --- feed and discover (docs/RULES.md, Feed and discover) ---------------------------------
  'GET /api/feed': {
    object: 'none',
    status: signedIn(),
    shows: {
      kind: 'memo',
      when: (listed, viewer) => listedFor(listed, viewer) && FEEDS_ON_AUTHOR.includes(viewer),
    },
  },
  'GET /api/discover': {
    object: 'none',
    status: everyone(),
    shows: {
      kind: 'memo',
      when: (listed, viewer) =>
        listed === 'public' && !['author', 'delegate', 'blocked'].includes(viewer),
    },
  },
  'GET /api/discover/people': {
    object: 'none',
    status: everyone(),
    shows: {
      kind: 'user',
      when: (_l, viewer) => !['author', 'delegate', 'blocked'].includes(viewer),
    },
  },
  'GET /api/user/profiles/public': {
    object: 'none',
    status: everyone(),
    shows: {
      kind: 'user',
      when: (_l, viewer) => !['author', 'delegate', 'blocked'].includes(viewer),
    },
  },

  // --- the author (a public profile) ----------------------------------------------------------
  'GET /api/user/{id}/combined': { object: 'author', status: session(unlessBlocked()) },
  'GET /api/p/user/{id}': { object: 'author', status: unlessBlocked() },
  'GET /api/p/profile/{slug}': { object: 'slug', status: unlessBlocked() },
  'GET /api/user/photo/{id}': { object: 'avatar', status: unlessBlocked() },
  'GET /api/user/{id}/collection': {
    object: 'author',
    status: session(unlessBlocked()),
    shows: { kind: 'collection', when: (listed, viewer) => listedFor(listed, viewer) },
  },
  'GET /api/p/user/{id}/collection': {
    object: 'author',
    status: everyone(),
    shows: { kind: 'collection', when: (l, v) => listedFor(l, v, PUBLIC_READERS) },
  },
  'GET /api/user/{id}/memo': {
    object: 'author',
    status: unlessBlocked(),
    shows: { kind: 'memo', when: (listed, viewer) => listedFor(listed, viewer) },
    why: 'without a session it answers what /api/p/user/{id}/memo does',
  },
  'GET /api/p/user/{id}/memo': {
    object: 'author',
    status: everyone(),
    shows: { kind: 'memo', when: (l, v) => listedFor(l, v, PUBLIC_READERS) },
  },
  'GET /api/user/{id}/connection/inbound': { object: 'author', status: ownersOnly },
  'GET /api/user/{id}/connection/outbound': { object: 'author', status: ownersOnly },
  'GET /api/users/{id}/user_rejected_connections': { object: 'author', status: ownersOnly },

  // --- collections ----------------------------------------------------------------------------
  'GET /api/collection/{id}': {
    object: 'collection',
    status: session(seen()),
    shows: { kind: 'collection', when: (l, v, p) => l === p && reads(l, v) },
  },
  'GET /api/p/collection/{id}': {
    object: 'collection',
    status: seenPublicly(),
    shows: { kind: 'collection', when: (l, v, p) => l === p && PUBLIC_READERS[l].includes(v) },
  },
  'GET /api/collection/{id}/user': { object: 'collection', status: session(seen()) },
  'GET /api/collection/{id}/secret-link': { object: 'collection', status: session(owned()) },
  'GET /api/collection/{id}/secure-token': { object: 'collection', status: session(seen()) },
  'GET /api/collection/{id}/calls': {
    object: 'collection',
    status: session(seen()),
    why: 'docs/notes/calls.md: the call history is for whoever can see the collection',
  },
  'GET /api/collection/{id}/memo': {
    object: 'collection',
    status: seen(),
    shows: { kind: 'memo', when: (l, v, p) => inCollection(l, p) && listedFor(l, v) },
  },
  'GET /api/p/collection/{id}/memo': {
    object: 'collection',
    status: seenPublicly(),
    shows: {
      kind: 'memo',
      when: (l, v, p) => inCollection(l, p) && listedFor(l, v, PUBLIC_READERS),
    },
  },
  'GET /api/collection/{id}/document': {
    object: 'collection',
    status: seen(),
    shows: { kind: 'document', when: (l, v, p) => inCollection(l, p) && listedFor(l, v) },
  },
  'GET /api/p/collection/{id}/document': {
    object: 'collection',
    status: seenPublicly(),
    shows: {
      kind: 'document',
      when: (l, v, p) => inCollection(l, p) && listedFor(l, v, PUBLIC_READERS),
    },
  },
  'GET /api/collection/photo/{id}': { object: 'collectionPicture', status: seen() },

  // --- memos ------------------------------------------------------------------------------------
  'GET /api/memo/{id}': {
    object: 'memo',
    status: seen(),
    shows: { kind: 'memo', when: (l, v, p) => l === p && reads(l, v) },
  },
  'GET /api/p/memo/{id}': {
    object: 'memo',
    status: seenPublicly(),
    shows: { kind: 'memo', when: (l, v, p) => l === p && PUBLIC_READERS[l].includes(v) },
  },
  'GET /api/memo/pin_on_top/{id}': { object: 'memo', status: session(owned()) },
  'GET /api/memo/unpin/{id}': { object: 'memo', status: session(owned()) },
  'GET /api/memo/{id}/secret-link': { object: 'memo', status: session(owned()) },
  'GET /api/memo/todo/{id}/change': {
    object: 'todo',
    status: session((a, v) => (COLLABORATIVE.includes(a) && reads(a, v) ? 200 : owned()(a, v))),
    why: 'docs/RULES.md, Collaborators: collaboration_on_checklist lets those who add memos tick',
  },
  'GET /api/memo/photo/{id}': { object: 'memoPhoto', status: seen() },
  'GET /api/memo/video/{id}': {
    object: 'memoVideo',
    status: seen(409),
    why: 'the clip is still converting: only those who may see it learn so (409)',
  },
  'GET /api/memo/document/{id}': { object: 'memoDocument', status: seen() },
  'GET /api/memo/document/{id}/versions': { object: 'memoDocument', status: seen() },

  // --- comments and reactions (docs/RULES.md, Comments and reactions) -------------------------
  'GET /api/memo/{id}/comments': {
    object: 'memo',
    status: engaged,
    shows: { kind: 'comment', when: (l, v, p) => l === p && seesComments(l, v) },
  },
  'GET /api/memo/{id}/mentionable': {
    object: 'memo',
    status: session(engaged),
  },
  'GET /api/comment/{id}/reply': {
    object: 'comment',
    status: engaged,
    shows: { kind: 'answer', when: (l, v, p) => l === p && seesComments(l, v) },
  },
  'GET /api/memo/{id}/reactions': {
    object: 'memo',
    status: engaged,
  },

  // --- connections ------------------------------------------------------------------------------
  'GET /api/connection/{id}': {
    object: 'connection',
    status: session((_a, v) => ([...OWNERS, 'otherContact'].includes(v) ? 200 : GONE)),
    why: "the author's connection with the other contact: its two people only",
  },
  'GET /api/connection/{id}/accept': {
    object: 'pendingRequest',
    status: receiver(GONE),
    why: 'a request to the author (a fresh one per owner): only its receiver accepts',
  },
  'GET /api/connection/{id}/reject': {
    object: 'pendingRequest',
    status: receiver(GONE),
    why: 'a request to the author (a fresh one per owner): only its receiver rejects',
  },
  'GET /api/connection-token/{value}/accept': {
    object: 'emailedRequest',
    status: receiver(HIDDEN),
    why: 'the link of a request mailed to the author (a fresh one per owner): its receiver accepts',
  },
  'GET /api/p/connection-invitation/{value}': {
    object: 'emailedRequest',
    status: everyone(),
    why: 'the emailed link is the key: whoever holds it sees who sent it',
  },
  'GET /api/qr_connection/{value}': {
    object: 'qrToken',
    status: unlessBlocked(),
    why: "the author's QR token is the key, except for someone the author blocked",
  },
  'GET /api/qr_connection/{value}/confirm': {
    object: 'inviterQrToken',
    status: session(unlessBlocked()),
    why: 'the QR token of an inviter (one per owner) who blocked the blocked person: everyone else connects',
  },
};
