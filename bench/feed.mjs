#!/usr/bin/env node
// Feed and discover at scale, over HTTP: feed page 1 (signed in), the new-content check,
// discover posts page 1 (signed in and as a visitor) and discover people, on a database made
// by bench/generate.mjs with ~100 contacts and followings per user, each beside a Fastify
// hello-world measured in the same run; then the other lists a person opens most (issue 26):
// their own collections (with those they may add memos to) and a collection's memos. With
// ANSWER_CACHE_MB=0 in the environment every answer is built afresh (the cold path).
//
//   node bench/generate.mjs --data-dir /tmp/bench-feed --contacts 25 --follows 50 --blocks 1 --mutes 1 --mixed
//   npm run build -w @memoria/server && node bench/feed.mjs --data-dir /tmp/bench-feed [--database-url postgres://…]
import { runScaleBench } from './scale.mjs';

await runScaleBench({
  options: { user: { type: 'string', default: '1' } },
  describe: (manifest, values) =>
    `${manifest.users} users, ${manifest.memos} memos, ${manifest.contactsPerUser ?? '?'} contacts + ${manifest.followsPerUser ?? '?'} followings per user; viewer bench${values.user}@example.test`,
  async targets({ manifest, values, signIn }) {
    const token = await signIn(`bench${values.user}@example.test`);
    const signedIn = { authorization: `Bearer ${token}`, accept: 'application/ld+json' };
    const visitor = { accept: 'application/ld+json' };
    return [
      // the floor of any signed-in read: the session check and one row
      ['GET /api/profile (the floor)', '/api/profile', signedIn],
      [
        'GET /api/feed (page 1, hydra, as the web app asks)',
        '/api/feed?offset=0&itemsPerPage=10',
        signedIn,
      ],
      ['GET /api/feed/latest (new-content check)', '/api/feed/latest', signedIn],
      [
        'GET /api/discover (posts page 1, signed in)',
        '/api/discover?offset=0&itemsPerPage=10',
        signedIn,
      ],
      [
        'GET /api/discover (posts page 1, visitor)',
        '/api/discover?offset=0&itemsPerPage=10',
        visitor,
      ],
      [
        'GET /api/discover/people (page 1, signed in)',
        '/api/discover/people?offset=0&itemsPerPage=10',
        signedIn,
      ],
      [
        'GET /api/user/{me}/collection (own list, with collaborations)',
        `/api/user/${values.user}/collection`,
        signedIn,
      ],
      [
        `GET /api/collection/{id}/memo (page 1 of ${manifest.bigCollectionMemos})`,
        `/api/collection/${manifest.bigCollectionId}/memo?offset=0&itemsPerPage=10`,
        signedIn,
      ],
    ];
  },
});
