import type { SocialTemplates } from '../types.js';
import { withMessage } from './message.js';

export const uk: SocialTemplates = {
  connectionRequest: (p) => ({
    subject: `${p.sender} хоче встановити з вами зв'язок у Memoria`,
    greeting: `Вітаємо, ${p.name}!`,
    paragraphs: withMessage(
      [`${p.sender} надсилає вам запит на зв'язок у Memoria.`],
      p.message && `Повідомлення: «${p.message}»`,
      ['Відкрийте запит, щоб прийняти або відхилити його.'],
    ),
    action: { label: 'Переглянути запит', url: p.link ?? '' },
    footer:
      "Ви отримали цей лист, бо хтось хоче встановити зв'язок із вашим обліковим записом Memoria. — Memoria",
  }),
  connectionInvitation: (p) => ({
    subject: `${p.sender} запрошує вас до Memoria`,
    greeting: 'Вітаємо!',
    paragraphs: withMessage(
      [
        `${p.sender} хоче встановити з вами зв'язок у Memoria, де люди зберігають нотатки в колекціях і діляться ними зі своїми контактами.`,
      ],
      p.message && `Повідомлення: «${p.message}»`,
      [
        `Створіть безкоштовний обліковий запис за посиланням нижче, і ви будете на зв'язку з ${p.sender}. Запрошення дійсне ${p.days} днів.`,
      ],
    ),
    action: { label: 'Прийняти запрошення', url: p.link ?? '' },
    footer: 'Якщо ви не знаєте цієї особи, просто проігноруйте цей лист. — Memoria',
  }),
};
