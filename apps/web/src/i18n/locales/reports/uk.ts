import type { LocaleShape } from '../en';

export const reports: LocaleShape['reports'] = {
  title: {
    memo: 'Поскаржитися на нотатку',
    collection: 'Поскаржитися на колекцію',
    profile: 'Поскаржитися на профіль',
  },
  text: 'Розкажіть, що не так. Модератор розгляне вашу скаргу.',
  reason: 'Причина',
  reasonRequired: 'Вкажіть причину',
  submit: 'Надіслати скаргу',
  userReported: 'Дякуємо. На профіль поскаржилися.',
  contentReported: 'Дякуємо. На вміст поскаржилися.',
  error: 'Не вдалося надіслати скаргу. Спробуйте ще раз.',
};
