import type { SocialTemplates } from '../types.js';
import { withMessage } from './message.js';

export const de: SocialTemplates = {
  connectionRequest: (p) => ({
    subject: `${p.sender} möchte sich auf Memoria mit Ihnen verbinden`,
    greeting: `Hallo ${p.name},`,
    paragraphs: withMessage(
      [`${p.sender} hat Ihnen auf Memoria eine Verbindungsanfrage geschickt.`],
      p.message && `Die Nachricht: „${p.message}“`,
      ['Öffnen Sie die Anfrage, um sie anzunehmen oder abzulehnen.'],
    ),
    action: { label: 'Anfrage ansehen', url: p.link ?? '' },
    footer:
      'Sie erhalten diese E-Mail, weil sich jemand mit Ihrem Memoria-Konto verbinden möchte. — Memoria',
  }),
  connectionInvitation: (p) => ({
    subject: `${p.sender} lädt Sie zu Memoria ein`,
    greeting: 'Hallo,',
    paragraphs: withMessage(
      [
        `${p.sender} möchte sich auf Memoria mit Ihnen verbinden – dort sammeln Menschen Memos in Sammlungen und teilen sie mit ihren Kontakten.`,
      ],
      p.message && `Die Nachricht: „${p.message}“`,
      [
        `Erstellen Sie über den Link unten Ihr kostenloses Konto, dann sind Sie mit ${p.sender} verbunden. Die Einladung ist ${p.days} Tage gültig.`,
      ],
    ),
    action: { label: 'Einladung annehmen', url: p.link ?? '' },
    footer: 'Wenn Sie diese Person nicht kennen, können Sie diese E-Mail ignorieren. — Memoria',
  }),
};
