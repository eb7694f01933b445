import type { LocaleTemplates } from './types.js';

const footer = 'If you did not ask for this, you can ignore this email. — Memoria';

export const en: LocaleTemplates = {
  verification: (p) => ({
    subject: `Your Memoria verification code: ${p.code}`,
    greeting: `Hello ${p.name},`,
    paragraphs: [
      'Welcome to Memoria. Enter this code to activate your account:',
      `The code is valid for ${p.minutes} minutes.`,
    ],
    code: p.code,
    footer,
  }),
  signInCode: (p) => ({
    subject: `Your Memoria authentication code: ${p.code}`,
    greeting: `Hello ${p.name},`,
    paragraphs: [
      'Enter this code to confirm it is you:',
      `The code is valid for ${p.minutes} minutes.`,
    ],
    code: p.code,
    footer: 'If this was not you, change your password right away. — Memoria',
  }),
  passwordReset: (p) => ({
    subject: 'Reset your Memoria password',
    greeting: `Hello ${p.name},`,
    paragraphs: [
      'We received a request to reset your password. Open the link below to choose a new one.',
      `The link works once and for ${p.minutes} minutes.`,
    ],
    action: { label: 'Choose a new password', url: p.link ?? '' },
    footer,
  }),
  passwordChanged: (p) => ({
    subject: 'Your Memoria password was changed',
    greeting: `Hello ${p.name},`,
    paragraphs: [
      'The password of your Memoria account was just changed, and other sessions were signed out.',
      'If you did not do this, reset your password at once and contact support.',
    ],
    footer: '— Memoria',
  }),
  pinReset: (p) => ({
    subject: 'Your Memoria PIN was removed',
    greeting: `Hello ${p.name},`,
    paragraphs: [
      'The PIN that protects secure mode on your Memoria account was removed. You can set a new one in the settings.',
      'If you did not do this, change your password at once.',
    ],
    footer: '— Memoria',
  }),
};
