import type { LocaleShape } from '../en';

export const push: LocaleShape['push'] = {
  switch: {
    label: 'Notificaciones push en este dispositivo',
    description: 'Las notificaciones aparecen en este dispositivo aunque Memoria esté cerrada.',
    unsupported: 'Este navegador no puede recibir notificaciones push.',
    denied:
      'Las notificaciones de Memoria están bloqueadas en este navegador. Permítelas en la configuración del sitio para activar las notificaciones push.',
    enabled: 'Las notificaciones push están activadas en este dispositivo.',
    disabled: 'Las notificaciones push están desactivadas en este dispositivo.',
    elsewhere:
      'Las opciones de Push de abajo siguen valiendo en tus otros dispositivos con las notificaciones push activadas.',
  },
};
