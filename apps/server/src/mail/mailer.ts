import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@memoria/domain';
import { renderMail, type RenderedMail } from './render.js';
import type { TemplateName, TemplateParams } from './templates/index.js';

export interface MailRequest {
  to: string;
  locale: Locale;
  template: TemplateName;
  params: TemplateParams;
}

export interface OutgoingMail extends MailRequest, RenderedMail {
  from: string;
}

/** Where rendered mail goes: SMTP, the outbox folder, or a test sink. */
export type MailTransport = (mail: OutgoingMail) => Promise<void>;

export interface Mailer {
  send(request: MailRequest): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  /** replaces SMTP/outbox delivery (tests) */
  transport?: MailTransport;
}

export function createMailer(options: MailerOptions): Mailer {
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const transport: MailTransport =
    options.transport ??
    (smtp
      ? async (mail) => {
          await smtp.sendMail({
            from: mail.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          });
        }
      : outboxTransport(path.join(options.dataDir, 'outbox'), options.log));

  return {
    async send(request) {
      const mail: OutgoingMail = {
        ...request,
        ...renderMail(request.template, request.locale, request.params),
        from: options.from,
      };
      // A mail that cannot be delivered must not fail the call that caused it: the user can
      // ask for a new code or link. The failure is logged for the operator.
      try {
        await transport(mail);
      } catch (error) {
        options.log.error({ err: error, template: request.template }, 'mail delivery failed');
      }
    },
    close() {
      smtp?.close();
    },
  };
}

const LOG_LABEL: Record<TemplateName, string> = {
  verification: 'verification code',
  signInCode: 'authentication code',
  passwordReset: 'password reset link',
  passwordChanged: 'password changed notice',
  pinReset: 'PIN reset notice',
  connectionRequest: 'connection request link',
  connectionInvitation: 'connection invitation link',
  notificationDigest: 'notifications digest',
  emailChangeConfirm: 'email change link',
  emailChanged: 'email changed notice',
  accountDeletion: 'account deletion notice',
  exportReady: 'data export ready notice',
  subscription_expiring: 'subscription expiring notice',
  subscription_expired: 'subscription expired notice',
  subscription_cancelled: 'subscription cancelled notice',
  subscription_renewed: 'subscription renewed notice',
  transferLink: 'transfer link',
};

/**
 * Templates whose link is never logged: a transfer's link holds the key to its files
 * (docs/notes/file-transfer.md, Mailing the link).
 */
const UNLOGGED_LINKS: ReadonlySet<TemplateName> = new Set(['transferLink']);

/**
 * Without SMTP each mail is written as an .eml file and its code or link is printed, so a
 * local user can sign up with no mail server.
 */
export function outboxTransport(dir: string, log: FastifyBaseLogger): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return async (mail) => {
    const info = await builder.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    await fs.mkdir(dir, { recursive: true });
    const slug = `${mail.template}-${mail.to}`.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(dir, `${stamp}-${slug}.eml`);
    await fs.writeFile(file, info.message as Buffer);
    const secret =
      mail.params.code ?? (UNLOGGED_LINKS.has(mail.template) ? undefined : mail.params.link);
    const label = LOG_LABEL[mail.template];
    log.info({ file }, secret ? `${label} for ${mail.to}: ${secret}` : `${label} for ${mail.to}`);
  };
}
