import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../../test/harness.js';
import {
  startTwoInstances,
  twoInstancesSkipReason,
  type TwoInstances,
} from '../../test/two-instances.js';
import { circle, groupThread, sent } from './test-support.js';
import { ofType, openSocket, type TestSocket } from './test-socket.js';

/**
 * Two server instances on one database and one Redis: the messenger's socket messages reach
 * the members wherever their sockets are.
 */
describe.skipIf(twoInstancesSkipReason !== undefined)('messenger across instances (redis)', () => {
  let instances: TwoInstances;
  let t: TestApp;
  let second: FastifyInstance;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    instances = await startTwoInstances();
    ({ t, second } = instances);
  });
  afterAll(async () => {
    for (const socket of open) socket.socket.terminate();
    await instances?.close();
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
});
