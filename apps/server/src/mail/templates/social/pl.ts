import type { SocialTemplates } from '../types.js';
import { withMessage } from './message.js';

export const pl: SocialTemplates = {
  connectionRequest: (p) => ({
    subject: `${p.sender} chce połączyć się z Tobą w Memoria`,
    greeting: `Dzień dobry, ${p.name},`,
    paragraphs: withMessage(
      [`${p.sender} wysłał(a) Ci zaproszenie do połączenia w Memoria.`],
      p.message && `Wiadomość: „${p.message}”`,
      ['Otwórz zaproszenie, aby je przyjąć lub odrzucić.'],
    ),
    action: { label: 'Zobacz zaproszenie', url: p.link ?? '' },
    footer:
      'Otrzymujesz tę wiadomość, ponieważ ktoś chce połączyć się z Twoim kontem Memoria. — Memoria',
  }),
  connectionInvitation: (p) => ({
    subject: `${p.sender} zaprasza Cię do Memoria`,
    greeting: 'Dzień dobry,',
    paragraphs: withMessage(
      [
        `${p.sender} chce połączyć się z Tobą w Memoria, gdzie ludzie przechowują notatki w kolekcjach i udostępniają je swoim kontaktom.`,
      ],
      p.message && `Wiadomość: „${p.message}”`,
      [
        `Załóż bezpłatne konto przez link poniżej, a zostaniesz połączony(-a) z ${p.sender}. Zaproszenie jest ważne przez ${p.days} dni.`,
      ],
    ),
    action: { label: 'Przyjmij zaproszenie', url: p.link ?? '' },
    footer: 'Jeśli nie znasz tej osoby, możesz zignorować tę wiadomość. — Memoria',
  }),
};
