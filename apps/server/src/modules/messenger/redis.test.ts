import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { openDatabase, type Database } from '../../db/database.js';
import { createTestApp, skipReason, type TestApp } from '../../test/harness.js';
import { circle, groupThread, sent } from './test-support.js';
import { ofType, openSocket, type TestSocket } from './test-socket.js';

/**
 * Two server instances on one database and one Redis: the messenger's socket messages reach
 * the members wherever their sockets are (TEST_REDIS_URL, or a throwaway redis-server).
 */
const sharedRedisUrl = process.env.TEST_REDIS_URL;
const redisInstalled = spawnSync('redis-server', ['--version']).status === 0;
describe.skipIf(skipReason !== undefined || (!sharedRedisUrl && !redisInstalled))(
  'messenger across instances (redis)',
  () => {
    let server: ChildProcess | undefined;
    let t: TestApp;
    let secondDb: Database;
    let second: FastifyInstance;
    const open: TestSocket[] = [];

    beforeAll(async () => {
      let redisUrl = sharedRedisUrl ?? '';
      if (!sharedRedisUrl) {
        const port = 28000 + Math.floor(Math.random() * 2000);
        server = spawn(
          'redis-server',
          ['--port', String(port), '--save', '', '--appendonly', 'no'],
          {
            stdio: 'ignore',
          },
        );
        redisUrl = `redis://127.0.0.1:${port}`;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      t = await createTestApp({ config: { redisUrl } });
      secondDb = openDatabase(t.config.database);
      second = await buildApp({
        config: t.config,
        database: secondDb,
        secrets: t.secrets,
        logger: false,
        mailTransport: t.mail.transport,
      });
      await second.ready();
    });
    afterAll(async () => {
      for (const socket of open) socket.socket.terminate();
      await second?.close();
      await secondDb?.destroy();
      await t?.close();
      server?.kill();
    });

    it('a message sent through one instance reaches members on the other; typing too', async () => {
      const [ada, bob, cy] = await circle(t, 3, ['Ada', 'Bob', 'Cy']);
      const bobThere = await openSocket(second, bob!.id, bob!.token);
      const adaHere = await openSocket(t.app, ada!.id, ada!.token);
      open.push(bobThere, adaHere);
      const id = await groupThread(t, ada!, [bob!, cy!]);
      await bobThere.next(ofType('thread_created'));
      const message = await sent(t, ada!.headers, id, 'across');
      expect(await bobThere.next(ofType('new_message'))).toMatchObject({
        thread_id: id,
        message: { id: message.id, seq: 1 },
      });
      bobThere.send({ message_type: 'typing', thread_id: id });
      expect(await adaHere.next(ofType('typing'))).toMatchObject({
        thread_id: id,
        user_id: bob!.id,
        name: 'Bob',
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(bobThere.received.filter(ofType('new_message'))).toHaveLength(1);
    });
  },
);
