#!/usr/bin/env node
// Memo reads at scale: a collection's memo list, a user's home list and a single memo,
// signed in, on a database made by bench/generate.mjs (1,000,000 memos by default),
// each beside a Fastify hello-world measured in the same run.
//
//   node bench/generate.mjs --data-dir /tmp/bench-big
//   npm run build && node bench/memos.mjs --data-dir /tmp/bench-big [--database-url postgres://…]
import { runScaleBench } from './scale.mjs';

await runScaleBench({
  describe: (manifest) => `${manifest.users} users, ${manifest.memos} memos`,
  async targets({ manifest, signIn }) {
    const token = await signIn(manifest.benchUser.usermail);
    const headers = { authorization: `Bearer ${token}` };
    return [
      [
        `GET /api/collection/{id}/memo (${manifest.bigCollectionMemos} memos in it)`,
        `/api/collection/${manifest.bigCollectionId}/memo`,
        headers,
      ],
      ['GET /api/user/{id}/memo (home list)', `/api/user/${manifest.benchUser.id}/memo`, headers],
      ['GET /api/memo/{id}', `/api/memo/${manifest.sampleMemoId}`, headers],
      [
        'GET /api/collection/{id}/memo as hydra (with hydra:totalItems, as the web app asks)',
        `/api/collection/${manifest.bigCollectionId}/memo`,
        { ...headers, accept: 'application/ld+json' },
      ],
    ];
  },
});
