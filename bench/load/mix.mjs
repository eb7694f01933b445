// What one simulated person does, how often, and how long they think in between: the one
// place the load test's behaviour is set (bench/load/agent.mjs runs it, bench/load/run.mjs
// ramps it). Change the numbers here, not in the agent.
//
// The anchor is Mattermost's load-test-ng, the tool behind Mattermost's published "users per
// node" figures. What follows about it is written from memory (this machine has no internet
// access to check it against the source), so treat the exact numbers as approximate:
//
// - Its default user controller ("simulative") gives every user a WebSocket that stays open
//   for the whole test, signs in once, loads the first screen, then loops: pick one action at
//   random by relative frequency, run it, wait. The wait is drawn around an average of about
//   5 s with a floor of about 1 s (its MinIdleTimeMs / AvgIdleTimeMs settings, 1000 / 5000).
// - Reading dominates its mix: switching to a channel and scrolling one make up well over half
//   of all actions; writing a post is roughly one action in seven to ten, a reaction about as
//   common as a post or a little less; searching, opening a profile, opening a direct channel
//   and reading threads make up the rest at a few percent each.
// - Its coordinator ramps by adding users in small batches (8 at a time, a couple of seconds
//   apart), watches a latency query (average request time over the last minute, alert at 2 s),
//   backs off when the alert fires and settles on the number it can hold.
//
// Memoria's actions map onto that shape: opening home, the feed, discover, a collection or a
// memo are the "switch channel / scroll" reads and keep the larger share; writing a memo is
// rarer than a chat post (a memo is a longer piece of writing), messages take the chat share,
// comments and reactions the "reply / react" share. Each action here is one screen the web
// app shows, with the requests the web app makes for it (in parallel where it makes them in
// parallel). Our ramp adds people in larger steps than Mattermost's 8 and holds each step
// longer, because our limits are p99s and a p99 needs a few thousand requests to mean
// anything.

/** Think time between two actions of a person: at least minMs, exponential above it. */
export const THINK = { minMs: 1_000, meanMs: 5_000 };

/** Between two pages of one scroll (a person reading ten memos before asking for more). */
export const SCROLL = { minMs: 1_000, meanMs: 3_000, maxPages: 4 };

/** Ten per page, as the web app asks. */
export const PAGE = 10;

/** A memo write carries a photo this often (about one in five, as on a phone). */
export const PHOTO_SHARE = 0.2;

/** A new memo has todos this often. */
export const TODO_SHARE = 0.2;

/**
 * Relative frequencies (they need not sum to 100). Reads: about 72%; writes: about 28% of
 * actions, most of them small (a reaction, a tick, a message).
 */
export const ACTIONS = {
  // the first screen again (profile, own memos, both unread counters): a person coming back
  home: 10,
  // the feed, one to SCROLL.maxPages pages
  feed: 20,
  // discover posts, one to a few pages
  discover: 8,
  // discover people, one page
  discoverPeople: 2,
  // own collections list, then one collection (own or seen on a card) and its memos
  collection: 10,
  // one memo and its comments
  memo: 12,
  // notifications page, marking the unread ones read
  notifications: 5,
  // the conversation list, one conversation's newest page, marking it read
  readMessages: 5,
  // a message in a direct conversation with a contact
  sendMessage: 6,
  // a reaction on a memo seen in the feed or discover
  react: 7,
  // a comment on a memo seen in the feed
  comment: 4,
  // a new memo (PHOTO_SHARE of them with a photo)
  createMemo: 3,
  // tick or untick a todo of an own memo
  tickTodo: 3,
  // follow someone new, or stop following someone followed during the test
  follow: 1,
};

/** A request not answered in this time counts as a timeout (an error, like a 5xx). */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Access tokens live 15 minutes: a person refreshes theirs this long before its own expiry
 * (its `exp`), however long ago the coordinator got it.
 */
export const TOKEN_REFRESH_MARGIN_MS = 3 * 60_000;
