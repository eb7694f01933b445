import type { LocaleTemplates } from './types.js';

const footer =
  'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren. — Memoria';

export const de: LocaleTemplates = {
  verification: (p) => ({
    subject: `Ihr Memoria-Bestätigungscode: ${p.code}`,
    greeting: `Hallo ${p.name},`,
    paragraphs: [
      'Willkommen bei Memoria. Geben Sie diesen Code ein, um Ihr Konto zu aktivieren:',
      `Der Code ist ${p.minutes} Minuten gültig.`,
    ],
    code: p.code,
    footer,
  }),
  signInCode: (p) => ({
    subject: `Ihr Memoria-Anmeldecode: ${p.code}`,
    greeting: `Hallo ${p.name},`,
    paragraphs: [
      'Geben Sie diesen Code ein, um zu bestätigen, dass Sie es sind:',
      `Der Code ist ${p.minutes} Minuten gültig.`,
    ],
    code: p.code,
    footer: 'Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort. — Memoria',
  }),
  passwordReset: (p) => ({
    subject: 'Memoria-Passwort zurücksetzen',
    greeting: `Hallo ${p.name},`,
    paragraphs: [
      'Wir haben eine Anfrage zum Zurücksetzen Ihres Passworts erhalten. Öffnen Sie den Link unten, um ein neues Passwort zu wählen.',
      `Der Link funktioniert einmal und ist ${p.minutes} Minuten gültig.`,
    ],
    action: { label: 'Neues Passwort wählen', url: p.link ?? '' },
    footer,
  }),
  passwordChanged: (p) => ({
    subject: 'Ihr Memoria-Passwort wurde geändert',
    greeting: `Hallo ${p.name},`,
    paragraphs: [
      'Das Passwort Ihres Memoria-Kontos wurde soeben geändert; andere Sitzungen wurden abgemeldet.',
      'Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und wenden Sie sich an den Support.',
    ],
    footer: '— Memoria',
  }),
  pinReset: (p) => ({
    subject: 'Ihre Memoria-PIN wurde entfernt',
    greeting: `Hallo ${p.name},`,
    paragraphs: [
      'Die PIN, die den sicheren Modus Ihres Memoria-Kontos schützt, wurde entfernt. In den Einstellungen können Sie eine neue festlegen.',
      'Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort.',
    ],
    footer: '— Memoria',
  }),
};
