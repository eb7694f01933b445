import type { LocaleTemplates } from './types.js';

const footer = 'Si no lo has solicitado, puedes ignorar este correo. — Memoria';

export const es: LocaleTemplates = {
  verification: (p) => ({
    subject: `Tu código de verificación de Memoria: ${p.code}`,
    greeting: `Hola, ${p.name}:`,
    paragraphs: [
      'Te damos la bienvenida a Memoria. Introduce este código para activar tu cuenta:',
      `El código es válido durante ${p.minutes} minutos.`,
    ],
    code: p.code,
    footer,
  }),
  signInCode: (p) => ({
    subject: `Tu código de autenticación de Memoria: ${p.code}`,
    greeting: `Hola, ${p.name}:`,
    paragraphs: [
      'Introduce este código para confirmar que eres tú:',
      `El código es válido durante ${p.minutes} minutos.`,
    ],
    code: p.code,
    footer: 'Si no has sido tú, cambia tu contraseña de inmediato. — Memoria',
  }),
  passwordReset: (p) => ({
    subject: 'Restablece tu contraseña de Memoria',
    greeting: `Hola, ${p.name}:`,
    paragraphs: [
      'Hemos recibido una solicitud para restablecer tu contraseña. Abre el enlace de abajo para elegir una nueva.',
      `El enlace funciona una sola vez y durante ${p.minutes} minutos.`,
    ],
    action: { label: 'Elegir una contraseña nueva', url: p.link ?? '' },
    footer,
  }),
  passwordChanged: (p) => ({
    subject: 'Se ha cambiado tu contraseña de Memoria',
    greeting: `Hola, ${p.name}:`,
    paragraphs: [
      'Se acaba de cambiar la contraseña de tu cuenta de Memoria y se han cerrado las demás sesiones.',
      'Si no has sido tú, restablece tu contraseña de inmediato y contacta con el soporte.',
    ],
    footer: '— Memoria',
  }),
  pinReset: (p) => ({
    subject: 'Se ha eliminado tu PIN de Memoria',
    greeting: `Hola, ${p.name}:`,
    paragraphs: [
      'Se ha eliminado el PIN que protege el modo seguro de tu cuenta de Memoria. Puedes establecer uno nuevo en los ajustes.',
      'Si no has sido tú, cambia tu contraseña de inmediato.',
    ],
    footer: '— Memoria',
  }),
};
