import { sql } from 'kysely';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { LOCALES, TRANSFER, type TransferCreated } from '@memoria/domain';
import { renderMail } from '../../mail/render.js';
import { pastNeighbourDrops } from '../../db/migrate.js';
import { signedInUser } from '../../test/factories.js';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';

const TUS = { 'tus-resumable': '1.0.0' };
let address = 0;
const nextAddress = () => `10.25.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

/** A received mail's raw text with quoted-printable undone, so links and words read whole. */
function readable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

describe('the transfer link mail', () => {
  it('says the link, the note, the expiry and the password in each of the seven languages', () => {
    const params = {
      name: '',
      link: 'http://memoria.test/transfer/d/abc#KEY',
      message: 'Scans <b>',
      date: '2 May 2027',
      needsPassword: true,
    };
    const english = renderMail('transferLink', 'en', params);
    const withoutPassword = renderMail('transferLink', 'en', { ...params, needsPassword: false });
    expect(english.text.length - withoutPassword.text.length).toBeGreaterThan(20);
    for (const locale of LOCALES) {
      const mail = renderMail('transferLink', locale, params);
      expect(mail.text).toContain(params.link);
      expect(mail.text).toContain('Scans <b>');
      expect(mail.html).toContain('Scans &lt;b&gt;');
      expect(mail.text).toContain('2 May 2027');
      if (locale !== 'en') expect(mail.subject).not.toBe(english.subject);
      // a signed-in sender is named in the subject
      expect(renderMail('transferLink', locale, { ...params, sender: 'Ann Z' }).subject).toContain(
        'Ann Z',
      );
    }
  });
});

/**
 * Mailing a transfer's link (docs/notes/file-transfer.md, Mailing the link), delivered over
 * real SMTP to a local server, with the app's log captured.
 */
describeDb('file transfer: mailing the link', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: { to: string[]; text: string }[] = [];
  const logLines: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            text: readable(data),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      realMail: true,
      config: { smtpUrl: `smtp://127.0.0.1:${port}` },
      logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  /** A complete link transfer sent from `ip` (or by `headers`' account). */
  async function sent(ip: string, extra: Record<string, unknown> = {}, headers = {}) {
    const content = crypto.randomBytes(64);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      remoteAddress: ip,
      headers,
      payload: {
        expiry: '1d',
        max_downloads: 2,
        manifest: 'bWFuaWZlc3Q',
        files: [{ size: content.length }],
        ...extra,
      },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<TransferCreated>();
    const patch = await t.app.inject({
      method: 'PATCH',
      url: created.uploads[0]!.upload_url,
      headers: {
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: content,
    });
    expect(patch.statusCode).toBe(204);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/transfers/${created.id}/complete`,
      remoteAddress: ip,
      headers,
    });
    expect(done.statusCode).toBe(200);
    return created.id;
  }

  const secret = () => crypto.randomBytes(32).toString('base64url');
  const linkOf = (id: string, key: string) => `http://localhost:5173/transfer/d/${id}#${key}`;

  function mail(
    id: string,
    body: Record<string, unknown>,
    options: { ip: string; headers?: Record<string, string> },
  ) {
    return t.app.inject({
      method: 'POST',
      url: `/api/transfers/${id}/mail`,
      remoteAddress: options.ip,
      headers: options.headers,
      payload: body,
    });
  }

  it('mails the link and the note in the sender’s language, and keeps the link nowhere', async () => {
    const ip = nextAddress();
    const id = await sent(ip, { password: 'river-stone-42' });
    const key = secret();
    received.length = 0;
    const res = await mail(
      id,
      {
        link: linkOf(id, key),
        recipients: ['Ada@Example.org', 'bo@example.net', 'ada@example.org'],
        message: 'Die Scans vom Dienstag',
      },
      { ip, headers: { 'accept-language': 'de-DE,de;q=0.9' } },
    );
    expect(res.statusCode).toBe(200);
    // addresses are compared as written in lower case: Ada is mailed once
    expect(res.json()).toEqual({ sent: 2, recipients_left: TRANSFER.recipientsMax - 2 });
    expect(received.map((m) => m.to).sort()).toEqual([['ada@example.org'], ['bo@example.net']]);
    for (const { text } of received) {
      // the server's own address of the page, with the key the browser gave
      expect(text).toContain(`http://memoria.test/transfer/d/${id}#${key}`);
      expect(text).not.toContain('localhost:5173');
      expect(text).toContain('Die Scans vom Dienstag');
      expect(text).toContain('Dateien öffnen');
      expect(text).toContain('Passwort');
    }

    // the key was in the request and the mails only: no row, no log line holds it
    // the catalog read sees every test file's schema; one dropped meanwhile is read past
    const tables = await pastNeighbourDrops(t.database, () =>
      t.database.db.introspection.getTables(),
    );
    const names = tables.map((table) => table.name);
    expect(names).toContain('transfer_mails');
    for (const name of names) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
        t.database.db,
      );
      expect(JSON.stringify(rows), name).not.toContain(key);
      if (name === 'transfer_mails') {
        const mine = (rows as { transfer_id: string; recipients: number }[]).filter(
          (row) => row.transfer_id === id,
        );
        expect(mine.map((row) => row.recipients)).toEqual([2]);
        expect(JSON.stringify(mine)).not.toContain('example');
      }
    }
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(key);
  });

  it('refuses too many recipients, bad addresses, a foreign link and other senders', async () => {
    const ip = nextAddress();
    const id = await sent(ip);
    const key = secret();
    const addresses = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => `person${from + i}@example.org`);
    received.length = 0;

    const eleven = await mail(id, { link: linkOf(id, key), recipients: addresses(11) }, { ip });
    expect(eleven.statusCode).toBe(422);
    expect(eleven.json().violations[0]).toMatchObject({
      propertyPath: 'recipients',
      message: `A transfer's link can be mailed to at most ${TRANSFER.recipientsMax} addresses.`,
    });
    // the bound holds across requests too
    expect(
      (await mail(id, { link: linkOf(id, key), recipients: addresses(6) }, { ip })).statusCode,
    ).toBe(200);
    expect(
      (await mail(id, { link: linkOf(id, key), recipients: addresses(5, 6) }, { ip })).statusCode,
    ).toBe(422);

    const bad = await mail(
      id,
      { link: linkOf(id, key), recipients: ['ok@example.org', 'not an address'] },
      { ip, headers: { 'accept-language': 'nl' } },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations[0].propertyPath).toMatch(/^recipients/);

    // only this transfer's page, with a whole key (from a second transfer: the route takes
    // 10 calls a minute per address)
    const ip2 = nextAddress();
    const id2 = await sent(ip2);
    for (const link of [
      linkOf(id, key),
      `http://localhost/transfer/d/${id2}`,
      `http://localhost/transfer/d/${id2}#short`,
      `http://localhost/transfer/d/${id2}?x=1#${key}`,
      `http://localhost/elsewhere#${key}`,
      'javascript:alert(1)',
    ]) {
      const res = await mail(id2, { link, recipients: ['x@example.org'] }, { ip: ip2 });
      expect(res.statusCode, link).toBe(422);
      expect(res.body).not.toContain(key);
    }

    // someone else (another address, an account) cannot use a transfer to send mail
    const other = await mail(
      id,
      { link: linkOf(id, key), recipients: ['x@example.org'] },
      { ip: nextAddress() },
    );
    expect(other.statusCode).toBe(404);
    const member = await signedInUser(t);
    const signedIn = await mail(
      id,
      { link: linkOf(id, key), recipients: ['x@example.org'] },
      { ip, headers: member.headers },
    );
    expect(signedIn.statusCode).toBe(404);
    // unknown transfers, and an empty list
    const ip3 = nextAddress();
    expect(
      (
        await mail(
          'f'.repeat(32),
          { link: linkOf(id, key), recipients: ['x@example.org'] },
          { ip: ip3 },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await mail(id2, { link: linkOf(id2, key), recipients: [] }, { ip: ip2 })).statusCode,
    ).toBe(422);
    // only the accepted request mailed anyone
    expect(received).toHaveLength(6);
  });

  it('lets requests sent at once pass no limit together', async () => {
    const ip = nextAddress();
    const key = secret();
    // the transfer's 10 recipients: two mails of 6 at once, one is refused
    const one = await sent(ip);
    const recipients = (tag: string, count: number) =>
      Array.from({ length: count }, (_, i) => `${tag}${i}@example.org`);
    const pair = await Promise.all(
      ['a', 'b'].map((tag) =>
        mail(one, { link: linkOf(one, key), recipients: recipients(tag, 6) }, { ip }),
      ),
    );
    expect(pair.map((res) => res.statusCode).sort()).toEqual([200, 422]);
    // the address's 20 a day: three mails of 8 at once on three transfers, one is refused
    const other = nextAddress();
    const ids = [await sent(other), await sent(other), await sent(other)];
    const three = await Promise.all(
      ids.map((id, i) =>
        mail(id, { link: linkOf(id, key), recipients: recipients(`c${i}-`, 8) }, { ip: other }),
      ),
    );
    expect(three.map((res) => res.statusCode).sort()).toEqual([200, 200, 429]);
    const counted = await t.database.db
      .selectFrom('transfer_mails')
      .select('recipients')
      .where('transfer_id', 'in', [one, ...ids])
      .execute();
    expect(counted.map((row) => row.recipients).sort()).toEqual([6, 8, 8]);
  });

  it('limits the recipients per sender and day with a clear 429, and names an account sender', async () => {
    const ip = nextAddress();
    const key = secret();
    const daily = TRANSFER.mailDaily.visitor;
    let mailed = 0;
    let n = 0;
    while (mailed < daily) {
      const id = await sent(ip);
      const count = Math.min(TRANSFER.recipientsMax, daily - mailed);
      const recipients = Array.from({ length: count }, () => `r${n++}@example.org`);
      const res = await mail(id, { link: linkOf(id, key), recipients }, { ip });
      expect(res.statusCode).toBe(200);
      mailed += count;
    }
    const id = await sent(ip);
    const over = await mail(id, { link: linkOf(id, key), recipients: ['one@example.org'] }, { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toBe(
      `You can have links mailed to at most ${daily} addresses a day. Please try again tomorrow.`,
    );

    // an account has its own allowance, from any address, and its name in the mail
    const member = await signedInUser(t, { name: 'Tess Sender' });
    const own = await sent(ip, {}, member.headers);
    received.length = 0;
    const res = await mail(
      own,
      { link: linkOf(own, key), recipients: ['friend@example.org'] },
      { ip: nextAddress(), headers: member.headers },
    );
    expect(res.statusCode).toBe(200);
    expect(received[0]!.text).toContain('Tess Sender sent you files with Memoria');
  });
});
