import type { MailTransport, OutgoingMail } from '../mail/mailer.js';

/** Collects mail in memory; tests read codes and links from here. */
export interface MailSink {
  transport: MailTransport;
  sent: OutgoingMail[];
  lastTo(address: string): OutgoingMail | undefined;
  codeFor(address: string): string;
  linkFor(address: string): string;
  clear(): void;
}

export function createMailSink(): MailSink {
  const sent: OutgoingMail[] = [];
  const lastTo = (address: string) => sent.filter((m) => m.to === address).at(-1);
  return {
    sent,
    transport: async (mail) => {
      sent.push(mail);
    },
    lastTo,
    codeFor(address) {
      const code = lastTo(address)?.params.code;
      if (!code) throw new Error(`no code mailed to ${address}`);
      return code;
    },
    linkFor(address) {
      const link = lastTo(address)?.params.link;
      if (!link) throw new Error(`no link mailed to ${address}`);
      return link;
    },
    clear() {
      sent.length = 0;
    },
  };
}
