import type { SocialTemplates } from '../types.js';
import { withMessage } from './message.js';

export const es: SocialTemplates = {
  connectionRequest: (p) => ({
    subject: `${p.sender} quiere conectar contigo en Memoria`,
    greeting: `Hola, ${p.name}:`,
    paragraphs: withMessage(
      [`${p.sender} te ha enviado una solicitud de conexión en Memoria.`],
      p.message && `Su mensaje: «${p.message}»`,
      ['Abre la solicitud para aceptarla o rechazarla.'],
    ),
    action: { label: 'Ver la solicitud', url: p.link ?? '' },
    footer:
      'Recibes este correo porque alguien quiere conectar con tu cuenta de Memoria. — Memoria',
  }),
  connectionInvitation: (p) => ({
    subject: `${p.sender} te invita a Memoria`,
    greeting: 'Hola:',
    paragraphs: withMessage(
      [
        `${p.sender} quiere conectar contigo en Memoria, donde la gente guarda notas en colecciones y las comparte con sus contactos.`,
      ],
      p.message && `Su mensaje: «${p.message}»`,
      [
        `Crea tu cuenta gratuita con el enlace de abajo y quedarás conectado con ${p.sender}. La invitación es válida durante ${p.days} días.`,
      ],
    ),
    action: { label: 'Aceptar la invitación', url: p.link ?? '' },
    footer: 'Si no conoces a esta persona, puedes ignorar este correo. — Memoria',
  }),
};
