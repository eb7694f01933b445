import type { LocaleTemplates } from './types.js';

const footer = 'Heb je hier niet om gevraagd, dan kun je deze e-mail negeren. — Memoria';

export const nl: LocaleTemplates = {
  verification: (p) => ({
    subject: `Je Memoria-verificatiecode: ${p.code}`,
    greeting: `Hallo ${p.name},`,
    paragraphs: [
      'Welkom bij Memoria. Voer deze code in om je account te activeren:',
      `De code is ${p.minutes} minuten geldig.`,
    ],
    code: p.code,
    footer,
  }),
  signInCode: (p) => ({
    subject: `Je Memoria-authenticatiecode: ${p.code}`,
    greeting: `Hallo ${p.name},`,
    paragraphs: [
      'Voer deze code in om te bevestigen dat jij het bent:',
      `De code is ${p.minutes} minuten geldig.`,
    ],
    code: p.code,
    footer: 'Was jij dit niet? Wijzig dan meteen je wachtwoord. — Memoria',
  }),
  passwordReset: (p) => ({
    subject: 'Stel je Memoria-wachtwoord opnieuw in',
    greeting: `Hallo ${p.name},`,
    paragraphs: [
      'We kregen een verzoek om je wachtwoord opnieuw in te stellen. Open de link hieronder om een nieuw wachtwoord te kiezen.',
      `De link werkt één keer en blijft ${p.minutes} minuten geldig.`,
    ],
    action: { label: 'Kies een nieuw wachtwoord', url: p.link ?? '' },
    footer,
  }),
  passwordChanged: (p) => ({
    subject: 'Je Memoria-wachtwoord is gewijzigd',
    greeting: `Hallo ${p.name},`,
    paragraphs: [
      'Het wachtwoord van je Memoria-account is zojuist gewijzigd en andere sessies zijn afgemeld.',
      'Heb je dit niet zelf gedaan? Stel dan meteen een nieuw wachtwoord in en neem contact op met support.',
    ],
    footer: '— Memoria',
  }),
  pinReset: (p) => ({
    subject: 'Je Memoria-pincode is verwijderd',
    greeting: `Hallo ${p.name},`,
    paragraphs: [
      'De pincode die de beveiligde modus van je Memoria-account beschermt, is verwijderd. Je kunt een nieuwe instellen bij de instellingen.',
      'Heb je dit niet zelf gedaan? Wijzig dan meteen je wachtwoord.',
    ],
    footer: '— Memoria',
  }),
};
