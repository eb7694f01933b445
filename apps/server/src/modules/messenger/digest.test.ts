import { afterAll, beforeAll, expect, it } from 'vitest';
import { readJson } from '../../db/dialect.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import type { SignedIn } from '../../test/factories.js';
import { EMAIL_JOB } from '../notifications/index.js';
import { circle, directThread, groupThread, sent } from './test-support.js';
import { withPushDevice } from '../push/test-devices.js';
import { openSocket, type TestSocket } from './test-socket.js';

/** The e-mail digest of unread messages (docs/notes/messenger.md, Notifications). */
describeDb('messenger: e-mail digest of unread messages', () => {
  let t: TestApp;
  const open: TestSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const s of open) s.socket.terminate();
    await t?.close();
  });

  const mailsOf = (who: SignedIn) => t.mail.sent.filter((m) => m.to === who.usermail);

  /** Waits for the person's digest job (the thread-created notification queues one). */
  async function waitForJob(userId: number) {
    for (let i = 0; i < 100; i += 1) {
      const job = await t.database.db
        .selectFrom('jobs')
        .select('id')
        .where('unique_key', '=', `${EMAIL_JOB}:${userId}`)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      if (job) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no digest job');
  }

  /** Runs every digest due (well after the delay) and answers the mails they sent. */
  async function digests() {
    await t.app.jobs.runDue({ now: new Date(Date.now() + 10 * 60_000) });
    const mails = [...t.mail.sent];
    t.mail.clear();
    return mails;
  }

  /** A direct thread, with the recipient's mail of its creation sent and forgotten. */
  async function directPair(names: [string, string]) {
    const [ada, bob] = await circle(t, 2, names);
    const id = await directThread(t, ada!, bob!);
    await waitForJob(bob!.id);
    await digests();
    return { ada: ada!, bob: bob!, id };
  }

  it('mails an offline recipient once, listing the conversation, and nothing new after', async () => {
    const { ada, bob, id } = await directPair(['Ada Digest', 'Bob Digest']);
    await sent(t, ada.headers, id, 'first of two');
    await sent(t, ada.headers, id, 'see you at noon');
    const mails = (await digests()).filter((m) => m.to === bob.usermail);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('You have unread messages on Memoria');
    expect(mail.text).toContain('Ada Digest: “see you at noon” (2 unread messages)');
    expect(mail.text).toContain(`/messages/t/${id}`);
    expect(mail.text).not.toContain('first of two');
    // the sender is never mailed her own messages
    expect(mails.some((m) => m.to === ada.usermail)).toBe(false);

    // a second run mails nothing new
    await t.app.jobs.runDue({ now: new Date(Date.now() + 20 * 60_000) });
    expect(mailsOf(bob)).toHaveLength(0);

    // a later message is mailed on its own, counted from the last mail
    await sent(t, ada.headers, id, 'one more');
    const later = (await digests()).filter((m) => m.to === bob.usermail);
    expect(later).toHaveLength(1);
    expect(later[0]!.text).toContain('Ada Digest: “one more” (1 unread message)');
  });

  it('lists a group by its name, in the person’s language', async () => {
    const [ada, bob, cy] = await circle(t, 3, ['Ada Groupe', 'Bob Groupe', 'Cy Groupe']);
    await t.database.db
      .updateTable('user_profiles')
      .set({ locale: 'fr_be' })
      .where('user_id', '=', cy!.id)
      .execute();
    const id = await groupThread(t, ada!, [bob!, cy!], 'Équipe');
    await waitForJob(cy!.id);
    await digests();
    await sent(t, bob!.headers, id, 'bonjour à tous');
    const mails = (await digests()).filter((m) => m.to === cy!.usermail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Vous avez des messages non lus sur Memoria');
    expect(mails[0]!.text).toContain('Équipe — Bob Groupe: “bonjour à tous” (1 message non lu)');
  });

  it('mails nothing for a muted thread', async () => {
    const { ada, bob, id } = await directPair(['Ada Muted', 'Bob Muted']);
    const mute = await t.app.inject({
      method: 'POST',
      url: `/api/thread/${id}/mute`,
      headers: bob.headers,
    });
    expect(mute.statusCode).toBeLessThan(300);
    await sent(t, ada.headers, id, 'you will not hear of this');
    expect((await digests()).filter((m) => m.to === bob.usermail)).toHaveLength(0);
  });

  it('mails nothing when the messages were read meanwhile', async () => {
    const { ada, bob, id } = await directPair(['Ada Read', 'Bob Read']);
    await sent(t, ada.headers, id, 'read me soon');
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/thread/${id}/read`,
      headers: bob.headers,
    });
    expect(read.statusCode).toBeLessThan(300);
    expect((await digests()).filter((m) => m.to === bob.usermail)).toHaveLength(0);
  });

  it('mails nothing when the e-mail of messages is off, nor later when it is on again', async () => {
    const { ada, bob, id } = await directPair(['Ada Off', 'Bob Off']);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      headers: bob.headers,
      payload: { settings: [{ group: 'messages', email: false }] },
    });
    expect(off.statusCode).toBe(200);
    const messages = (off.json().settings as Array<{ group: string; email: boolean }>).find(
      (s) => s.group === 'messages',
    );
    expect(messages).toMatchObject({ email: false, push: true, in_app: true });
    await sent(t, ada.headers, id, 'not by mail');
    expect((await digests()).filter((m) => m.to === bob.usermail)).toHaveLength(0);
    await t.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      headers: bob.headers,
      payload: { settings: [{ group: 'messages', email: true }] },
    });
    await sent(t, ada.headers, id, 'by mail again');
    const mails = (await digests()).filter((m) => m.to === bob.usermail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('“by mail again” (1 unread message)');
    expect(mails[0]!.text).not.toContain('not by mail');
  });

  it('mails nothing to a recipient with an open socket when the message arrived', async () => {
    const { ada, bob, id } = await directPair(['Ada Online', 'Bob Online']);
    const socket = await openSocket(t.app, bob.id, bob.token);
    open.push(socket);
    await sent(t, ada.headers, id, 'seen live');
    expect((await digests()).filter((m) => m.to === bob.usermail)).toHaveLength(0);
  });

  /** The people the queued web pushes of a thread go to. */
  async function pushedTo(threadId: number) {
    const rows = await t.database.db
      .selectFrom('jobs')
      .select('payload')
      .where('type', '=', 'push.fanout')
      .execute();
    return rows
      .map((r) => readJson<{ userIds?: number[]; message?: { tag?: string } }>(r.payload, {}))
      .filter((p) => p.message?.tag === `thread-${threadId}`)
      .flatMap((p) => p.userIds ?? []);
  }

  it('sends the web push only when the push of messages is on', async () => {
    const { ada, bob, id } = await directPair(['Ada Push', 'Bob Push']);
    await sent(t, ada.headers, id, 'no device, no push');
    expect(await pushedTo(id)).toEqual([]);
    await withPushDevice(t, bob);
    await sent(t, ada.headers, id, 'pushed');
    expect(await pushedTo(id)).toEqual([bob.id]);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      headers: bob.headers,
      payload: { settings: [{ group: 'messages', push: false }] },
    });
    expect(off.statusCode).toBe(200);
    await sent(t, ada.headers, id, 'not pushed');
    expect(await pushedTo(id)).toEqual([bob.id]);
    // the digest is governed by the e-mail channel alone
    const mails = (await digests()).filter((m) => m.to === bob.usermail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('“not pushed” (3 unread messages)');
  });
});
