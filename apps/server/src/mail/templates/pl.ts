import type { LocaleTemplates } from './types.js';

const footer = 'Jeśli to nie Ty wysłałeś tę prośbę, zignoruj tę wiadomość. — Memoria';

export const pl: LocaleTemplates = {
  verification: (p) => ({
    subject: `Twój kod weryfikacyjny Memoria: ${p.code}`,
    greeting: `Cześć ${p.name},`,
    paragraphs: [
      'Witamy w Memoria. Wpisz ten kod, aby aktywować konto:',
      `Kod jest ważny przez ${p.minutes} minut.`,
    ],
    code: p.code,
    footer,
  }),
  signInCode: (p) => ({
    subject: `Twój kod uwierzytelniający Memoria: ${p.code}`,
    greeting: `Cześć ${p.name},`,
    paragraphs: [
      'Wpisz ten kod, aby potwierdzić, że to Ty:',
      `Kod jest ważny przez ${p.minutes} minut.`,
    ],
    code: p.code,
    footer: 'Jeśli to nie Ty, natychmiast zmień hasło. — Memoria',
  }),
  passwordReset: (p) => ({
    subject: 'Zresetuj hasło do Memoria',
    greeting: `Cześć ${p.name},`,
    paragraphs: [
      'Otrzymaliśmy prośbę o zresetowanie Twojego hasła. Otwórz poniższy link, aby ustawić nowe.',
      `Link działa jeden raz i jest ważny przez ${p.minutes} minut.`,
    ],
    action: { label: 'Ustaw nowe hasło', url: p.link ?? '' },
    footer,
  }),
  passwordChanged: (p) => ({
    subject: 'Hasło do Memoria zostało zmienione',
    greeting: `Cześć ${p.name},`,
    paragraphs: [
      'Hasło do Twojego konta Memoria zostało właśnie zmienione, a pozostałe sesje zostały wylogowane.',
      'Jeśli to nie Ty, natychmiast zresetuj hasło i skontaktuj się z pomocą techniczną.',
    ],
    footer: '— Memoria',
  }),
  pinReset: (p) => ({
    subject: 'Twój PIN w Memoria został usunięty',
    greeting: `Cześć ${p.name},`,
    paragraphs: [
      'PIN chroniący tryb bezpieczny Twojego konta Memoria został usunięty. Nowy możesz ustawić w ustawieniach.',
      'Jeśli to nie Ty, natychmiast zmień hasło.',
    ],
    footer: '— Memoria',
  }),
};
