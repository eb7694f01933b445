import type { SocialTemplates } from '../types.js';
import { withMessage } from './message.js';

export const nl: SocialTemplates = {
  connectionRequest: (p) => ({
    subject: `${p.sender} wil met je verbinden op Memoria`,
    greeting: `Hallo ${p.name},`,
    paragraphs: withMessage(
      [`${p.sender} heeft je een connectieverzoek gestuurd op Memoria.`],
      p.message && `Het bericht: “${p.message}”`,
      ['Open het verzoek om het te aanvaarden of te weigeren.'],
    ),
    action: { label: 'Bekijk het verzoek', url: p.link ?? '' },
    footer: 'Je ontvangt deze e-mail omdat iemand wil verbinden met je Memoria-account. — Memoria',
  }),
  connectionInvitation: (p) => ({
    subject: `${p.sender} nodigt je uit op Memoria`,
    greeting: 'Hallo,',
    paragraphs: withMessage(
      [
        `${p.sender} wil graag met je verbinden op Memoria, waar mensen memo's in collecties bewaren en delen met hun contacten.`,
      ],
      p.message && `Het bericht: “${p.message}”`,
      [
        `Maak via de link hieronder je gratis account aan, dan ben je meteen verbonden met ${p.sender}. De uitnodiging is ${p.days} dagen geldig.`,
      ],
    ),
    action: { label: 'Aanvaard de uitnodiging', url: p.link ?? '' },
    footer: 'Ken je deze persoon niet, dan kun je deze e-mail negeren. — Memoria',
  }),
};
