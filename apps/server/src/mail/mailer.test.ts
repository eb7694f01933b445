import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import Fastify from 'fastify';
import { LOCALES } from '@memoria/domain';
import { createMailer } from './mailer.js';
import { renderMail } from './render.js';
import type { TemplateName } from './templates/index.js';

const TEMPLATES: TemplateName[] = [
  'verification',
  'signInCode',
  'passwordReset',
  'passwordChanged',
  'pinReset',
];

function captureLog() {
  const lines: string[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
  });
  return { log: app.log, lines };
}

describe('mail templates', () => {
  it('render every template in every locale, distinct from English', () => {
    for (const template of TEMPLATES) {
      const english = renderMail(template, 'en', {
        name: 'Ann',
        code: '123456',
        link: 'http://x/auth/reset?token=abc',
        minutes: 15,
      });
      for (const locale of LOCALES) {
        const mail = renderMail(template, locale, {
          name: 'Ann <b>',
          code: '123456',
          link: 'http://x/auth/reset?token=abc',
          minutes: 15,
        });
        expect(mail.subject.length).toBeGreaterThan(5);
        expect(mail.text).toContain('Ann <b>');
        expect(mail.html).toContain('Ann &lt;b&gt;');
        expect(mail.html).not.toContain('Ann <b>');
        if (template === 'verification' || template === 'signInCode') {
          expect(mail.text).toContain('123456');
        }
        if (template === 'passwordReset') expect(mail.html).toContain('token=abc');
        if (locale !== 'en') expect(mail.subject).not.toBe(english.subject);
      }
    }
  });
});

describe('mail delivery', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('without SMTP writes an .eml to DATA_DIR/outbox and logs the code', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memoria-mail-'));
    dirs.push(dataDir);
    const { log, lines } = captureLog();
    const mailer = createMailer({ from: 'Memoria <no-reply@test>', dataDir, log });
    await mailer.send({
      to: 'a@b.cc',
      locale: 'nl',
      template: 'verification',
      params: { name: 'Ann', code: '654321', minutes: 15 },
    });
    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-.*-verification-a_b\.cc\.eml$/);
    const eml = fs.readFileSync(path.join(dataDir, 'outbox', files[0] as string), 'utf8');
    expect(eml).toMatch(/^To: a@b\.cc$/m);
    expect(eml).toContain('654321');
    expect(lines.join('\n')).toContain('verification code for a@b.cc: 654321');
  });

  it('with SMTP_URL delivers over SMTP', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const { log } = captureLog();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Memoria <no-reply@test>',
      dataDir: os.tmpdir(),
      log,
    });
    await mailer.send({
      to: 'b@c.dd',
      locale: 'uk',
      template: 'passwordReset',
      params: { name: 'Bo', link: 'http://memoria.test/auth/reset?token=t0k', minutes: 60 },
    });
    mailer.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('b@c.dd');
    expect(received[0]).toContain('t0k');
  });

  it('a failing transport is logged, not thrown', async () => {
    const { log, lines } = captureLog();
    const mailer = createMailer({
      from: 'x@y.zz',
      dataDir: os.tmpdir(),
      log,
      transport: async () => {
        throw new Error('smtp down');
      },
    });
    await expect(
      mailer.send({ to: 'a@b.cc', locale: 'en', template: 'pinReset', params: { name: 'A' } }),
    ).resolves.toBeUndefined();
    expect(lines.join('\n')).toContain('mail delivery failed');
  });
});
