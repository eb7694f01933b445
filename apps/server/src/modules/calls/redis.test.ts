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
  lastSeenLongAgo,
  newestCall,
  ofType,
  openCallSocket,
  runSweep,
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
    // each instance vouches for its call sockets five times a second
    instances = await startTwoInstances({
      config: { calls: { stunUrls: [], turnUrls: [], socketGraceMs: 60_000, heartbeatMs: 200 } },
    });
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

  it('the sweep keeps whoever another instance vouches for, and lets the vanished go', async () => {
    const owner = await signedInSubscriber(t, { name: 'Owner' });
    const member = await signedInUser(t, { name: 'Member' });
    await connectUsers(t, owner.id, member.id);
    const collection = await insertCollection(t, owner.id, 'selected_contacts', {
      selected: [member.id],
      calls: true,
    });
    const host = joined((await startCall(t, owner.headers, collection)).body);
    const guest = joined((await startCall(t, member.headers, collection)).body);
    // the host is connected to the second instance; the guest's instance vanished
    const hostThere = await openCallSocket(second, host.ticket);
    open.push(hostThere);
    await hostThere.next(ofType('call_roster'));
    await lastSeenLongAgo(t.database, [host.participant_id, guest.participant_id]);
    // the second instance's heartbeat vouches for the host again
    await expect
      .poll(async () => {
        const row = await t.database.db
          .selectFrom('call_participants')
          .select('seen_at')
          .where('id', '=', host.participant_id)
          .executeTakeFirstOrThrow();
        return Date.now() - new Date(row.seen_at ?? 0).getTime();
      })
      .toBeLessThan(60_000);

    // the first instance sweeps
    await runSweep(t.app);

    expect(await hostThere.next(ofType('call_left'))).toMatchObject({
      participant_id: guest.participant_id,
    });
    const record = await newestCall(t, owner.headers, collection);
    expect(record.ended_at).toBeNull();
    expect(record.participants.find((p) => p.name === 'Owner')?.left_at).toBeNull();
    expect(record.participants.find((p) => p.name === 'Member')?.left_at).not.toBeNull();
  });
});
