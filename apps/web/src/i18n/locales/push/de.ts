import type { LocaleShape } from '../en';

export const push: LocaleShape['push'] = {
  switch: {
    label: 'Push-Benachrichtigungen auf diesem Gerät',
    description:
      'Benachrichtigungen erscheinen auf diesem Gerät, auch wenn Memoria geschlossen ist.',
    unsupported: 'Dieser Browser kann keine Push-Benachrichtigungen empfangen.',
    denied:
      'Benachrichtigungen sind für Memoria in diesem Browser blockiert. Erlauben Sie sie in den Website-Einstellungen, um Push einzuschalten.',
    enabled: 'Push-Benachrichtigungen sind auf diesem Gerät eingeschaltet.',
    disabled: 'Push-Benachrichtigungen sind auf diesem Gerät ausgeschaltet.',
    elsewhere:
      'Die Push-Einstellungen unten gelten weiterhin auf Ihren anderen Geräten, auf denen Push eingeschaltet ist.',
  },
};
