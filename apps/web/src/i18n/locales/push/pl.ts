import type { LocaleShape } from '../en';

export const push: LocaleShape['push'] = {
  switch: {
    label: 'Powiadomienia push na tym urządzeniu',
    description: 'Powiadomienia pojawiają się na tym urządzeniu, nawet gdy Memoria jest zamknięta.',
    unsupported: 'Ta przeglądarka nie może odbierać powiadomień push.',
    denied:
      'Powiadomienia Memorii są zablokowane w tej przeglądarce. Zezwól na nie w ustawieniach witryny, aby włączyć push.',
    enabled: 'Powiadomienia push są włączone na tym urządzeniu.',
    disabled: 'Powiadomienia push są wyłączone na tym urządzeniu.',
    elsewhere:
      'Poniższe ustawienia push nadal obowiązują na Twoich innych urządzeniach z włączonymi powiadomieniami push.',
  },
};
