import type { LocaleTemplates } from './types.js';

const footer = "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail. — Memoria";

export const fr_be: LocaleTemplates = {
  verification: (p) => ({
    subject: `Votre code de vérification Memoria : ${p.code}`,
    greeting: `Bonjour ${p.name},`,
    paragraphs: [
      'Bienvenue sur Memoria. Saisissez ce code pour activer votre compte :',
      `Le code est valable ${p.minutes} minutes.`,
    ],
    code: p.code,
    footer,
  }),
  signInCode: (p) => ({
    subject: `Votre code d'authentification Memoria : ${p.code}`,
    greeting: `Bonjour ${p.name},`,
    paragraphs: [
      "Saisissez ce code pour confirmer qu'il s'agit bien de vous :",
      `Le code est valable ${p.minutes} minutes.`,
    ],
    code: p.code,
    footer: "Si ce n'était pas vous, changez immédiatement votre mot de passe. — Memoria",
  }),
  passwordReset: (p) => ({
    subject: 'Réinitialisez votre mot de passe Memoria',
    greeting: `Bonjour ${p.name},`,
    paragraphs: [
      'Nous avons reçu une demande de réinitialisation de votre mot de passe. Ouvrez le lien ci-dessous pour en choisir un nouveau.',
      `Le lien ne fonctionne qu'une fois et reste valable ${p.minutes} minutes.`,
    ],
    action: { label: 'Choisir un nouveau mot de passe', url: p.link ?? '' },
    footer,
  }),
  passwordChanged: (p) => ({
    subject: 'Votre mot de passe Memoria a été modifié',
    greeting: `Bonjour ${p.name},`,
    paragraphs: [
      'Le mot de passe de votre compte Memoria vient d’être modifié et les autres sessions ont été déconnectées.',
      "Si vous n'êtes pas à l'origine de ce changement, réinitialisez votre mot de passe sans attendre et contactez le support.",
    ],
    footer: '— Memoria',
  }),
  pinReset: (p) => ({
    subject: 'Votre code PIN Memoria a été supprimé',
    greeting: `Bonjour ${p.name},`,
    paragraphs: [
      'Le code PIN qui protège le mode sécurisé de votre compte Memoria a été supprimé. Vous pouvez en définir un nouveau dans les paramètres.',
      "Si vous n'êtes pas à l'origine de cette action, changez immédiatement votre mot de passe.",
    ],
    footer: '— Memoria',
  }),
};
