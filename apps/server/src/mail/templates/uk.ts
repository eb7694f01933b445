import type { LocaleTemplates } from './types.js';

const footer = 'Якщо ви цього не запитували, просто проігноруйте цей лист. — Memoria';

export const uk: LocaleTemplates = {
  verification: (p) => ({
    subject: `Ваш код підтвердження Memoria: ${p.code}`,
    greeting: `Вітаємо, ${p.name}!`,
    paragraphs: [
      'Ласкаво просимо до Memoria. Введіть цей код, щоб активувати обліковий запис:',
      `Код дійсний ${p.minutes} хвилин.`,
    ],
    code: p.code,
    footer,
  }),
  signInCode: (p) => ({
    subject: `Ваш код автентифікації Memoria: ${p.code}`,
    greeting: `Вітаємо, ${p.name}!`,
    paragraphs: ['Введіть цей код, щоб підтвердити, що це ви:', `Код дійсний ${p.minutes} хвилин.`],
    code: p.code,
    footer: 'Якщо це були не ви, негайно змініть пароль. — Memoria',
  }),
  passwordReset: (p) => ({
    subject: 'Скидання пароля Memoria',
    greeting: `Вітаємо, ${p.name}!`,
    paragraphs: [
      'Ми отримали запит на скидання вашого пароля. Відкрийте посилання нижче, щоб вибрати новий.',
      `Посилання спрацює один раз і дійсне ${p.minutes} хвилин.`,
    ],
    action: { label: 'Вибрати новий пароль', url: p.link ?? '' },
    footer,
  }),
  passwordChanged: (p) => ({
    subject: 'Пароль Memoria змінено',
    greeting: `Вітаємо, ${p.name}!`,
    paragraphs: [
      'Пароль вашого облікового запису Memoria щойно змінено, а інші сеанси завершено.',
      'Якщо це були не ви, негайно скиньте пароль і зверніться до служби підтримки.',
    ],
    footer: '— Memoria',
  }),
  pinReset: (p) => ({
    subject: 'Ваш PIN-код Memoria видалено',
    greeting: `Вітаємо, ${p.name}!`,
    paragraphs: [
      'PIN-код, що захищає безпечний режим вашого облікового запису Memoria, видалено. Новий можна встановити в налаштуваннях.',
      'Якщо це були не ви, негайно змініть пароль.',
    ],
    footer: '— Memoria',
  }),
};
