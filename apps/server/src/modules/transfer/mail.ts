import { TRANSFER, type Locale, type TransferMail, type TransferMailed } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { readTime } from '../../db/dialect.js';
import { lockForLimit } from '../../db/locks.js';
import { ApiError, violation } from '../../http/errors.js';
import { createUserService } from '../users/service.js';
import { insertMailCount, mailedFor, mailedSince, type TransferRow } from './store.js';

const DAY_MS = 86_400_000;
/** the key in a link's fragment: 32 bytes, base64url without padding */
const KEY_FRAGMENT = /^#[A-Za-z0-9_-]{43}$/;

/** The expiry in the mail's language; in UTC, said so, since the recipient's zone is unknown. */
function until(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale.replace('_', '-'), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
}

/** Who asks for the mail: the transfer's sender, known as in service.ts. */
export interface MailSender {
  ownerId: number | null;
  senderKey: string;
}

/**
 * Mailing a transfer's link (docs/notes/file-transfer.md, Mailing the link). The key lives
 * only in the link's fragment, so the server cannot write the link itself: the sender's
 * browser hands it over for this one request, at the sender's choice. It goes into the
 * mails and nowhere else: not into a row (`transfer_mails` counts recipients only), not
 * into a log line (the mailer never logs this template's link), not into an error answer.
 */
export function createLinkMailer(ctx: AppContext) {
  const users = createUserService(ctx);

  /**
   * The link as the mail carries it: this server's own address of this transfer's page
   * with the fragment the browser gave, so a mail can never point anywhere else.
   */
  function ownLink(given: string, id: string): string {
    let url: URL;
    try {
      url = new URL(given);
    } catch {
      throw violation('link', 'validation.invalid');
    }
    if (url.pathname !== `/transfer/d/${id}` || url.search !== '' || !KEY_FRAGMENT.test(url.hash)) {
      throw violation('link', 'validation.invalid');
    }
    return `${ctx.config.publicUrl.replace(/\/$/, '')}/transfer/d/${id}${url.hash}`;
  }

  return {
    async send(
      row: TransferRow,
      input: TransferMail,
      sender: MailSender,
      locale: Locale,
    ): Promise<TransferMailed> {
      const link = ownLink(input.link, row.id);
      const recipients = [...new Set(input.recipients)];
      const now = new Date();
      const daily = sender.ownerId ? TRANSFER.mailDaily.account : TRANSFER.mailDaily.visitor;
      // checked and counted in one transaction, the sender's and the transfer's counts locked:
      // requests sent at once cannot pass a limit together
      const already = await ctx.database.db.transaction().execute(async (trx) => {
        const database = { ...ctx.database, db: trx };
        await lockForLimit(trx, ctx.database.dialect, `transfer-mail:${row.id}`);
        const who = sender.ownerId ? { ownerId: sender.ownerId } : { senderKey: sender.senderKey };
        await lockForLimit(trx, ctx.database.dialect, `transfer-mail:${JSON.stringify(who)}`);
        const mailed = await mailedFor(database, row.id);
        if (mailed + recipients.length > TRANSFER.recipientsMax) {
          throw violation('recipients', 'transfer.tooManyRecipients', {
            count: TRANSFER.recipientsMax,
          });
        }
        const sent = await mailedSince(database, who, new Date(now.getTime() - DAY_MS));
        if (sent + recipients.length > daily) {
          throw new ApiError(429, 'transfer.mailLimit', { params: { count: daily } });
        }
        // counted before sending: a failed delivery still used the allowance
        await insertMailCount(
          database,
          {
            transferId: row.id,
            senderKey: sender.senderKey,
            ownerId: sender.ownerId,
            recipients: recipients.length,
          },
          now,
        );
        return mailed;
      });
      const name = sender.ownerId ? (await users.mailIdentity(sender.ownerId))?.name : undefined;
      const params = {
        name: '',
        link,
        sender: name || undefined,
        message: input.message || undefined,
        date: until(readTime(row.expires_at) ?? now, locale),
        needsPassword: row.password_hash !== null,
      };
      for (const to of recipients) {
        await ctx.mailer.send({ to, locale, template: 'transferLink', params });
      }
      return {
        sent: recipients.length,
        recipients_left: TRANSFER.recipientsMax - already - recipients.length,
      };
    },
  };
}

export type LinkMailer = ReturnType<typeof createLinkMailer>;
