import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { MAILBOX_DIR } from './env.js';
import { step } from './steps.js';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * Every mail parsed once per worker: a file never changes once it has its .eml name (the
 * receiver renames it into place whole), and a poll every 200 ms re-parsing a run's hundreds
 * of mails cost the busy cores more than the journeys' own mail.
 */
const parsedMails = new Map<string, Promise<ReceivedMail>>();

async function parseMail(name: string): Promise<ReceivedMail> {
  const parsed = await PostalMime.parse(readFileSync(join(MAILBOX_DIR, name)));
  return {
    to: (parsed.to ?? []).map((entry) => (entry.address ?? '').toLowerCase()),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html ?? '',
  };
}

async function readAll(): Promise<ReceivedMail[]> {
  if (!existsSync(MAILBOX_DIR)) return [];
  const files = readdirSync(MAILBOX_DIR)
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map((name) => {
      let mail = parsedMails.get(name);
      if (!mail) {
        mail = parseMail(name);
        parsedMails.set(name, mail);
      }
      return mail;
    }),
  );
}

/** Waits for the newest mail to `address` (after `seen` earlier ones) that matches `pattern`. */
export function waitForMail(
  address: string,
  pattern: RegExp,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<{ mail: ReceivedMail; match: RegExpMatchArray; count: number }> {
  return step('mail', `${address} ${pattern}`, () => pollMail(address, pattern, options));
}

async function pollMail(
  address: string,
  pattern: RegExp,
  options: { after?: number; timeoutMs?: number },
): Promise<{ mail: ReceivedMail; match: RegExpMatchArray; count: number }> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    const mails = (await readAll()).filter((mail) => mail.to.includes(address.toLowerCase()));
    const fresh = mails.slice(options.after ?? 0);
    for (let index = fresh.length - 1; index >= 0; index -= 1) {
      const mail = fresh[index]!;
      const match = mail.text.match(pattern);
      if (match) return { mail, match, count: mails.length };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${address} matching ${pattern}`);
}

export async function mailCount(address: string): Promise<number> {
  return (await readAll()).filter((mail) => mail.to.includes(address.toLowerCase())).length;
}
