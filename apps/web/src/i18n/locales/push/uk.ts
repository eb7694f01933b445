import type { LocaleShape } from '../en';

export const push: LocaleShape['push'] = {
  switch: {
    label: 'Push-сповіщення на цьому пристрої',
    description: 'Сповіщення з’являються на цьому пристрої, навіть коли Memoria закрита.',
    unsupported: 'Цей браузер не може отримувати push-сповіщення.',
    denied:
      'Сповіщення Memoria заблоковані в цьому браузері. Дозвольте їх у налаштуваннях сайту, щоб увімкнути push.',
    enabled: 'Push-сповіщення на цьому пристрої увімкнено.',
    disabled: 'Push-сповіщення на цьому пристрої вимкнено.',
  },
};
