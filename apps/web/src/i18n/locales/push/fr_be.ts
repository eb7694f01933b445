import type { LocaleShape } from '../en';

export const push: LocaleShape['push'] = {
  switch: {
    label: 'Notifications push sur cet appareil',
    description: 'Les notifications apparaissent sur cet appareil même quand Memoria est fermée.',
    unsupported: 'Ce navigateur ne peut pas recevoir de notifications push.',
    denied:
      'Les notifications de Memoria sont bloquées dans ce navigateur. Autorisez-les dans les paramètres du site pour activer le push.',
    enabled: 'Les notifications push sont activées sur cet appareil.',
    disabled: 'Les notifications push sont désactivées sur cet appareil.',
    elsewhere:
      'Les choix « Push » ci-dessous restent valables sur vos autres appareils où le push est activé.',
  },
};
