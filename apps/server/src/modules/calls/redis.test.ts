import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../../test/harness.js';
import { signedInSubscriber, signedInUser } from '../../test/factories.js';
import { insertCollection } from '../../test/content.js';
import { connectUsers } from '../../test/social.js';
import {
  startTwoInstances,
  twoInstancesSkipReason,
  type TwoInstances,
} from '../../test/two-instances.js';
import {
  callToken,
  joined,
  joinWithLink,
  ofType,
  openCallSocket,
  startCall,
  type CallSocket,
} from './test-support.js';

/**
 * Two server instances on one database and one Redis: participants whose call sockets are
 * on different instances reach each other (the hub's negative call addresses).
 */
describe.skipIf(twoInstancesSkipReason !== undefined)('calls across instances (redis)', () => {
  let instances: TwoInstances;
  let t: TestApp;
  let second: FastifyInstance;
  const open: CallSocket[] = [];

  beforeAll(async () => {
    instances = await startTwoInstances();
    ({ t, second } = instances);
  });
  afterAll(async () => {
    for (const socket of open) socket.socket.terminate();
    await instances?.close();
  });

  it('offers, the lobby and admission cross instances', async () => {
    const owner = await signedInSubscriber(t, { name: 'Owner' });
    const member = await signedInUser(t, { name: 'Member' });
    await connectUsers(t, owner.id, member.id);
    const collection = await insertCollection(t, owner.id, 'selected_contacts', {
      selected: [member.id],
      calls: true,
    });
    const token = await callToken(t, owner.headers, collection);
    const host = joined((await startCall(t, owner.headers, collection)).body);
    const guest = joined((await startCall(t, member.headers, collection)).body);
    const hostHere = await openCallSocket(t.app, host.ticket);
    const guestThere = await openCallSocket(second, guest.ticket);
    open.push(hostHere, guestThere);
    expect(await hostHere.next(ofType('call_joined'))).toMatchObject({
      participant: { id: guest.participant_id, name: 'Member' },
    });
    guestThere.send({
      message_type: 'call_signal',
      to: host.participant_id,
      kind: 'offer',
      sdp: 'v=0',
    });
    expect(await hostHere.next(ofType('call_signal'))).toMatchObject({
      from: guest.participant_id,
      kind: 'offer',
    });

    const visitor = joined((await joinWithLink(t, token, 'Vera')).body);
    const visitorThere = await openCallSocket(second, visitor.ticket);
    open.push(visitorThere);
    await hostHere.next(ofType('call_lobby'));
    hostHere.send({ message_type: 'call_admit', participant: visitor.participant_id });
    await visitorThere.next(ofType('call_admitted'));
    expect(await guestThere.next(ofType('call_joined'))).toBeDefined();
  });
});
