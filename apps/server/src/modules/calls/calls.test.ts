import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createHmac } from 'node:crypto';
import { CALLS } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { signedInSubscriber, signedInUser } from '../../test/factories.js';
import { insertCollection } from '../../test/content.js';
import { blockUser, connectUsers } from '../../test/social.js';
import { turnCredentials } from './ice.js';
import { livekitToken } from './livekit.js';
import {
  callToken,
  joined,
  joinWithLink,
  ofType,
  openCallSocket,
  startCall,
  type CallSocket,
} from './test-support.js';

describe('TURN credentials (coturn use-auth-secret)', () => {
  it('names the expiry and signs it with HMAC-SHA1 of the shared secret', () => {
    const now = Date.UTC(2026, 0, 1);
    const { username, credential } = turnCredentials('s3cret', now, 3600, 'p7');
    expect(username).toBe(`${now / 1000 + 3600}:p7`);
    expect(credential).toBe(createHmac('sha1', 's3cret').update(username).digest('base64'));
    expect(turnCredentials('s3cret', now, 60).username).toBe(String(now / 1000 + 60));
    expect(turnCredentials('other', now, 60).credential).not.toBe(
      turnCredentials('s3cret', now, 60).credential,
    );
  });
});

describe('LiveKit access tokens', () => {
  it('grant joining this call’s room only, as the participant, for a limited time', async () => {
    const before = Math.floor(Date.now() / 1000);
    const jwt = await livekitToken(
      { url: 'wss://lk.example', apiKey: 'key1', apiSecret: 'secret-of-at-least-32-characters!' },
      { callId: 42, participantId: 9, name: 'Ada', isHost: false },
    );
    const claims = decodeJwt(jwt) as Record<string, unknown> & {
      video: Record<string, unknown>;
    };
    expect(claims.iss).toBe('key1');
    expect(claims.sub).toBe('p9');
    expect(claims.name).toBe('Ada');
    expect(claims.video).toMatchObject({
      room: 'memoria-call-42',
      roomJoin: true,
      canPublish: true,
      canSubscribe: true,
    });
    expect(claims.video.roomAdmin).toBeFalsy();
    const exp = claims.exp as number;
    expect(exp - before).toBeGreaterThanOrEqual(CALLS.livekitTokenTtlSeconds - 5);
    expect(exp - before).toBeLessThanOrEqual(CALLS.livekitTokenTtlSeconds + 5);
    const host = decodeJwt(
      await livekitToken(
        { url: 'wss://lk.example', apiKey: 'key1', apiSecret: 'secret-of-at-least-32-characters!' },
        { callId: 42, participantId: 10, name: 'Bo', isHost: true },
      ),
    ) as { video: Record<string, unknown> };
    expect(host.video.roomAdmin).toBe(true);
  });
});

describeDb('calls on collections', () => {
  let t: TestApp;
  const sockets: CallSocket[] = [];
  const socketOf = async (ticket: string) => {
    const s = await openCallSocket(t.app, ticket);
    sockets.push(s);
    return s;
  };
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        calls: {
          stunUrls: ['stun:stun.example:3478'],
          turnUrls: ['turn:turn.example:3478'],
          turnSecret: 'turn-secret',
          socketGraceMs: 60_000,
        },
      },
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.terminate();
    await t?.close();
  });

  /** An owner with a subscription, a contact selected in a collection with calls on. */
  async function world(options: { calls?: boolean } = {}) {
    const owner = await signedInSubscriber(t, { name: 'Owner' });
    const member = await signedInUser(t, { name: 'Member' });
    await connectUsers(t, owner.id, member.id);
    const collection = await insertCollection(t, owner.id, 'selected_contacts', {
      selected: [member.id],
      calls: options.calls ?? true,
    });
    return { owner, member, collection };
  }

  it('starts with the web meetings rule, joins the audience, refuses strangers', async () => {
    const { owner, member, collection } = await world();
    const stranger = await signedInSubscriber(t, { name: 'Stranger' });
    // a free member may join but not start
    const early = await startCall(t, member.headers, collection);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('Calls need a subscription.');

    const start = await startCall(t, owner.headers, collection);
    expect(start.statusCode).toBe(200);
    const call = joined(start.body);
    expect(call).toMatchObject({ state: 'in', is_host: true, media: 'mesh', livekit: null });
    expect(call.ice_servers[0]).toEqual({ urls: ['stun:stun.example:3478'] });
    expect(call.ice_servers[1]).toMatchObject({ urls: ['turn:turn.example:3478'] });
    const turn = call.ice_servers[1]!;
    expect(turn.credential).toBe(
      createHmac('sha1', 'turn-secret').update(turn.username!).digest('base64'),
    );

    const join = await startCall(t, member.headers, collection);
    expect(join.statusCode).toBe(200);
    expect(joined(join.body)).toMatchObject({ call_id: call.call_id, is_host: false });

    const refused = await startCall(t, stranger.headers, collection);
    expect(refused.statusCode).toBe(403);

    // the member was told the call started
    const notes = await t.app.inject({ url: '/api/notifications', headers: member.headers });
    expect(JSON.stringify(notes.json())).toContain('call_started');
  });

  it('needs user_can_join_call for others than the owner; webcalls_allowed starts without a plan', async () => {
    const { owner, member, collection } = await world({ calls: false });
    await t.database.db
      .updateTable('users')
      .set({ webcalls_allowed: t.database.dialect.bool(true) })
      .where('id', '=', member.id)
      .execute();
    expect((await startCall(t, owner.headers, collection)).statusCode).toBe(200);
    const refused = await startCall(t, member.headers, collection);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You cannot join calls in this collection.');
    const own = await insertCollection(t, member.id, 'private');
    expect((await startCall(t, member.headers, own)).statusCode).toBe(200);
  });

  it('refuses a blocked person, from the collection and with the link', async () => {
    const { owner, member, collection } = await world();
    const token = await callToken(t, owner.headers, collection);
    expect((await startCall(t, owner.headers, collection)).statusCode).toBe(200);
    await blockUser(t, owner.id, member.id);
    expect((await startCall(t, member.headers, collection)).statusCode).toBe(404);
    const link = await joinWithLink(t, token, undefined, member.headers);
    expect(link.statusCode).toBe(404);
    expect(link.json().message).toBe('This call link is not valid any more.');
  });

  it('link: needs a name from visitors, a running call, and a token not refreshed since', async () => {
    const { owner, collection } = await world();
    const token = await callToken(t, owner.headers, collection);
    const notYet = await joinWithLink(t, token, 'Visitor');
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe('Nobody has started a call here yet.');
    expect((await startCall(t, owner.headers, collection)).statusCode).toBe(200);

    const nameless = await joinWithLink(t, token, '   ');
    expect(nameless.statusCode).toBe(422);
    expect((await joinWithLink(t, token)).statusCode).toBe(422);
    expect((await joinWithLink(t, token, 'x'.repeat(CALLS.nameMax + 1))).statusCode).toBe(422);
    expect((await joinWithLink(t, 'not-a-token', 'Visitor')).statusCode).toBe(404);

    const visitor = await joinWithLink(t, token, '  Vera  ');
    expect(visitor.statusCode).toBe(200);
    expect(joined(visitor.body)).toMatchObject({ state: 'lobby', is_host: false, lobby: true });

    const fresh = await callToken(t, owner.headers, collection, true);
    expect(fresh).not.toBe(token);
    expect((await joinWithLink(t, token, 'Late')).statusCode).toBe(404);
    expect((await joinWithLink(t, fresh, 'Late')).statusCode).toBe(200);
  });

  it('lobby: a visitor waits, someone inside admits; with the lobby off they go straight in', async () => {
    const { owner, member, collection } = await world();
    const token = await callToken(t, owner.headers, collection);
    const host = joined((await startCall(t, owner.headers, collection)).body);
    const hostSocket = await socketOf(host.ticket);
    const roster = await hostSocket.next(ofType('call_roster'));
    expect(roster.self).toBe(host.participant_id);

    const visitor = joined((await joinWithLink(t, token, 'Vera')).body);
    const visitorSocket = await socketOf(visitor.ticket);
    await visitorSocket.next(ofType('call_lobby_wait'));
    const knock = await hostSocket.next(ofType('call_lobby'));
    expect(knock.participant).toMatchObject({ id: visitor.participant_id, name: 'Vera' });

    // in the lobby nothing reaches the call
    visitorSocket.send({
      message_type: 'call_signal',
      to: host.participant_id,
      kind: 'offer',
      sdp: 'v=0',
    });
    expect(await visitorSocket.next(ofType('call_error'))).toMatchObject({ code: 'not_in_call' });
    // a visitor inside could not admit either: the member (free, in the audience) joins and admits
    const inside = joined((await startCall(t, member.headers, collection)).body);
    const memberSocket = await socketOf(inside.ticket);
    await memberSocket.next(ofType('call_roster'));
    memberSocket.send({ message_type: 'call_admit', participant: visitor.participant_id });
    await visitorSocket.next(ofType('call_admitted'));
    const visitorRoster = await visitorSocket.next(ofType('call_roster'));
    expect((visitorRoster.participants as { id: number }[]).map((p) => p.id)).toEqual(
      expect.arrayContaining([host.participant_id, inside.participant_id, visitor.participant_id]),
    );
    const arrived = await hostSocket.next(
      (m) =>
        m.message_type === 'call_joined' &&
        (m.participant as { id: number }).id === visitor.participant_id,
    );
    expect(arrived.participant).toMatchObject({ name: 'Vera', state: 'in' });

    // a second collection with the lobby off
    const open = await world();
    const openToken = await callToken(t, open.owner.headers, open.collection);
    expect((await startCall(t, open.owner.headers, open.collection, false)).statusCode).toBe(200);
    expect(joined((await joinWithLink(t, openToken, 'Walk-in')).body).state).toBe('in');
  });

  it('signalling: forwards between participants, refuses other calls, bad messages, size and rate', async () => {
    const a = await world();
    const b = await world();
    const host = joined((await startCall(t, a.owner.headers, a.collection)).body);
    const guest = joined((await startCall(t, a.member.headers, a.collection)).body);
    const other = joined((await startCall(t, b.owner.headers, b.collection)).body);
    const hostSocket = await socketOf(host.ticket);
    const guestSocket = await socketOf(guest.ticket);
    await guestSocket.next(ofType('call_roster'));

    hostSocket.send({
      message_type: 'call_signal',
      to: guest.participant_id,
      kind: 'offer',
      sdp: 'v=0 offer',
    });
    hostSocket.send({
      message_type: 'call_ice',
      to: guest.participant_id,
      candidates: [{ candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0' }],
    });
    expect(await guestSocket.next(ofType('call_signal'))).toMatchObject({
      from: host.participant_id,
      kind: 'offer',
      sdp: 'v=0 offer',
    });
    expect(await guestSocket.next(ofType('call_ice'))).toMatchObject({ from: host.participant_id });
    // in order: the offer came before its candidates
    const order = guestSocket.received.map((m) => m.message_type);
    expect(order.indexOf('call_signal')).toBeLessThan(order.indexOf('call_ice'));

    // someone of another call is out of reach
    hostSocket.send({
      message_type: 'call_signal',
      to: other.participant_id,
      kind: 'offer',
      sdp: 'x',
    });
    expect(await hostSocket.next(ofType('call_error'))).toMatchObject({
      code: 'not_in_call',
      about: 'call_signal',
    });
    // unknown fields, wrong kinds, too long a description
    hostSocket.send({
      message_type: 'call_signal',
      to: guest.participant_id,
      kind: 'hello',
      sdp: 'x',
    });
    hostSocket.send({
      message_type: 'call_signal',
      to: guest.participant_id,
      kind: 'offer',
      sdp: 'x'.repeat(CALLS.sdpMax + 1),
    });
    await expect.poll(() => hostSocket.received.filter((m) => m.code === 'invalid').length).toBe(2);
    // only the host mutes and removes
    guestSocket.send({ message_type: 'call_mute', participant: host.participant_id });
    expect(await guestSocket.next(ofType('call_error'))).toMatchObject({ code: 'forbidden' });
    hostSocket.send({ message_type: 'call_mute', participant: guest.participant_id });
    await guestSocket.next(ofType('call_muted'));

    // a message larger than the call socket's limit closes it
    const big = await socketOf(other.ticket);
    big.send(
      JSON.stringify({ message_type: 'call_state', pad: 'x'.repeat(CALLS.maxMessageBytes) }),
    );
    expect((await big.closed).code).toBe(1009);

    // too many messages in a window close the socket
    const chatty = await socketOf(guest.ticket);
    for (let i = 0; i <= CALLS.messagesPerWindow; i += 1) {
      chatty.send({ message_type: 'call_state', audio: true, video: true, hand: false });
    }
    expect((await chatty.closed).code).toBe(1008);
  });

  it('a bad or stale ticket opens nothing; the last one out ends the call, recorded for members', async () => {
    const { owner, member, collection } = await world();
    const stranger = await signedInUser(t, { name: 'Stranger' });
    await expect(openCallSocket(t.app, 'nonsense')).rejects.toThrow('HTTP 401');
    const host = joined((await startCall(t, owner.headers, collection)).body);
    const forged = host.ticket.replace(/^\d+/, String(host.participant_id + 1000));
    await expect(openCallSocket(t.app, forged)).rejects.toThrow('HTTP 401');

    const hostSocket = await socketOf(host.ticket);
    await hostSocket.next(ofType('call_roster'));
    const guest = joined((await startCall(t, member.headers, collection)).body);
    const guestSocket = await socketOf(guest.ticket);
    await guestSocket.next(ofType('call_roster'));
    // the starter leaves: the call goes on
    hostSocket.send({ message_type: 'call_leave' });
    expect(await guestSocket.next(ofType('call_left'))).toMatchObject({
      participant_id: host.participant_id,
    });
    await expect(openCallSocket(t.app, host.ticket)).rejects.toThrow('HTTP 401');
    // the last one's socket closes: the call ends
    guestSocket.socket.close();
    await expect
      .poll(async () => {
        const res = await t.app.inject({
          url: `/api/collection/${collection}/calls`,
          headers: { ...member.headers, accept: 'application/ld+json' },
        });
        return res.json()['hydra:member'][0]?.ended_at ?? null;
      })
      .not.toBeNull();
    const history = await t.app.inject({
      url: `/api/collection/${collection}/calls`,
      headers: { ...member.headers, accept: 'application/ld+json' },
    });
    expect(history.json()['hydra:totalItems']).toBe(1);
    expect(history.json()['hydra:member'][0]).toMatchObject({
      started_by: { id: owner.id, name: 'Owner' },
      participants: [
        { name: 'Owner', user_id: owner.id },
        { name: 'Member', user_id: member.id },
      ],
    });
    const hidden = await t.app.inject({
      url: `/api/collection/${collection}/calls`,
      headers: stranger.headers,
    });
    expect(hidden.statusCode).toBe(403);
    // a new call can start after the end
    expect((await startCall(t, owner.headers, collection)).statusCode).toBe(200);
  });
});

describeDb('calls: someone who never connects', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { calls: { stunUrls: [], turnUrls: [], socketGraceMs: 300 } },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('leaves after the grace time, and the call ends without them', async () => {
    const owner = await signedInSubscriber(t, { name: 'Owner' });
    const collection = await insertCollection(t, owner.id, 'private');
    const host = joined((await startCall(t, owner.headers, collection)).body);
    expect(host.ice_servers).toEqual([]);
    await expect
      .poll(
        async () => {
          const res = await t.app.inject({
            url: `/api/collection/${collection}/calls`,
            headers: { ...owner.headers, accept: 'application/ld+json' },
          });
          return res.json()['hydra:member'][0]?.ended_at ?? null;
        },
        { timeout: 5000 },
      )
      .not.toBeNull();
    await expect(openCallSocket(t.app, host.ticket)).rejects.toThrow('HTTP 401');
  });
});
