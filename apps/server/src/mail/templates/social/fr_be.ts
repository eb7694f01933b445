import type { SocialTemplates } from '../types.js';
import { withMessage } from './message.js';

export const fr_be: SocialTemplates = {
  connectionRequest: (p) => ({
    subject: `${p.sender} souhaite se connecter avec vous sur Memoria`,
    greeting: `Bonjour ${p.name},`,
    paragraphs: withMessage(
      [`${p.sender} vous a envoyé une demande de connexion sur Memoria.`],
      p.message && `Son message : « ${p.message} »`,
      ['Ouvrez la demande pour l’accepter ou la refuser.'],
    ),
    action: { label: 'Voir la demande', url: p.link ?? '' },
    footer:
      'Vous recevez cet e-mail parce que quelqu’un souhaite se connecter avec votre compte Memoria. — Memoria',
  }),
  connectionInvitation: (p) => ({
    subject: `${p.sender} vous invite sur Memoria`,
    greeting: 'Bonjour,',
    paragraphs: withMessage(
      [
        `${p.sender} aimerait se connecter avec vous sur Memoria, où l’on garde ses mémos dans des collections et les partage avec ses contacts.`,
      ],
      p.message && `Son message : « ${p.message} »`,
      [
        `Créez votre compte gratuit grâce au lien ci-dessous et vous serez connecté·e avec ${p.sender}. L’invitation est valable ${p.days} jours.`,
      ],
    ),
    action: { label: 'Accepter l’invitation', url: p.link ?? '' },
    footer: 'Si vous ne connaissez pas cette personne, vous pouvez ignorer cet e-mail. — Memoria',
  }),
};
