import type { SocialTemplates } from '../types.js';
import { withMessage } from './message.js';

export const de: SocialTemplates = {
  connectionRequest: (p) => ({
    subject: `${p.sender} möchte sich auf Memoria mit dir verbinden`,
    greeting: `Hallo ${p.name},`,
    paragraphs: withMessage(
      [`${p.sender} hat dir auf Memoria eine Verbindungsanfrage geschickt.`],
      p.message && `Die Nachricht: „${p.message}“`,
      ['Öffne die Anfrage, um sie anzunehmen oder abzulehnen.'],
    ),
    action: { label: 'Anfrage ansehen', url: p.link ?? '' },
    footer:
      'Du erhältst diese E-Mail, weil sich jemand mit deinem Memoria-Konto verbinden möchte. — Memoria',
  }),
  connectionInvitation: (p) => ({
    subject: `${p.sender} lädt dich zu Memoria ein`,
    greeting: 'Hallo,',
    paragraphs: withMessage(
      [
        `${p.sender} möchte sich auf Memoria mit dir verbinden – dort sammeln Menschen Memos in Sammlungen und teilen sie mit ihren Kontakten.`,
      ],
      p.message && `Die Nachricht: „${p.message}“`,
      [
        `Erstelle über den Link unten dein kostenloses Konto, dann bist du mit ${p.sender} verbunden. Die Einladung ist ${p.days} Tage gültig.`,
      ],
    ),
    action: { label: 'Einladung annehmen', url: p.link ?? '' },
    footer: 'Wenn du diese Person nicht kennst, kannst du diese E-Mail ignorieren. — Memoria',
  }),
};
