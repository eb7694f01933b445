import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInSubscriber, signedInUser } from '../../test/factories.js';
import { insertCollection } from '../../test/content.js';
import { connectUsers } from '../../test/social.js';
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

/** Calls whose participants' sockets died with their server (docs/notes/calls.md). */
describeDb('calls: the sweep after an instance stopped', () => {
  let t: TestApp;
  const sockets: CallSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.terminate();
    await t?.close();
  });

  async function world() {
    const owner = await signedInSubscriber(t, { name: 'Owner' });
    const member = await signedInUser(t, { name: 'Member' });
    await connectUsers(t, owner.id, member.id);
    const collection = await insertCollection(t, owner.id, 'selected_contacts', {
      selected: [member.id],
      calls: true,
    });
    return { owner, member, collection };
  }

  it('ends a call whose participants nobody vouches for, and sends the lobby home', async () => {
    const { owner, member, collection } = await world();
    const token = await callToken(t, owner.headers, collection);
    const host = joined((await startCall(t, owner.headers, collection)).body);
    const guest = joined((await startCall(t, member.headers, collection)).body);
    // both were connected to an instance that has since stopped
    await lastSeenLongAgo(t.database, [host.participant_id, guest.participant_id]);
    // a visitor waits in the lobby, connected to this (living) instance
    const visitor = joined((await joinWithLink(t, token, 'Vera')).body);
    expect(visitor.state).toBe('lobby');
    const waiting = await openCallSocket(t.app, visitor.ticket);
    sockets.push(waiting);
    await waiting.next(ofType('call_lobby_wait'));

    expect((await newestCall(t, owner.headers, collection)).ended_at).toBeNull();
    await runSweep(t.app);

    const record = await newestCall(t, owner.headers, collection);
    expect(record.ended_at).not.toBeNull();
    expect(record.participants.every((p) => p.left_at !== null)).toBe(true);
    await waiting.next(ofType('call_ended'));
    // a new start begins a new call instead of joining the dead one
    const fresh = joined((await startCall(t, member.headers, collection)).body);
    expect(fresh.call_id).not.toBe(host.call_id);
  });

  it('keeps a call whose participant is connected here, telling them who went', async () => {
    const { owner, member, collection } = await world();
    const host = joined((await startCall(t, owner.headers, collection)).body);
    const guest = joined((await startCall(t, member.headers, collection)).body);
    const hostSocket = await openCallSocket(t.app, host.ticket);
    sockets.push(hostSocket);
    await hostSocket.next(ofType('call_roster'));
    await lastSeenLongAgo(t.database, [guest.participant_id]);

    await runSweep(t.app);

    expect(await hostSocket.next(ofType('call_left'))).toMatchObject({
      participant_id: guest.participant_id,
    });
    const record = await newestCall(t, owner.headers, collection);
    expect(record.ended_at).toBeNull();
    expect(record.participants.find((p) => p.name === 'Owner')?.left_at).toBeNull();
  });

  it('the sweep queues its next run', async () => {
    await runSweep(t.app);
    const next = await t.database.db
      .selectFrom('jobs')
      .select(['status', 'run_at'])
      .where('type', '=', 'calls.sweep')
      .where('status', '=', 'queued')
      .execute();
    expect(next).toHaveLength(1);
  });
});
