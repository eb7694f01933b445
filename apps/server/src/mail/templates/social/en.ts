import type { SocialTemplates } from '../types.js';
import { withMessage } from './message.js';

export const en: SocialTemplates = {
  connectionRequest: (p) => ({
    subject: `${p.sender} wants to connect with you on Memoria`,
    greeting: `Hello ${p.name},`,
    paragraphs: withMessage(
      [`${p.sender} sent you a connection request on Memoria.`],
      p.message && `Their message: “${p.message}”`,
      ['Open the request to accept or decline it.'],
    ),
    action: { label: 'See the request', url: p.link ?? '' },
    footer:
      'You receive this email because someone asked to connect with your Memoria account. — Memoria',
  }),
  connectionInvitation: (p) => ({
    subject: `${p.sender} invites you to Memoria`,
    greeting: 'Hello,',
    paragraphs: withMessage(
      [
        `${p.sender} would like to connect with you on Memoria, where people keep memos in collections and share them with their contacts.`,
      ],
      p.message && `Their message: “${p.message}”`,
      [
        `Create your free account through the link below and you will be connected with ${p.sender}. The invitation is valid for ${p.days} days.`,
      ],
    ),
    action: { label: 'Accept the invitation', url: p.link ?? '' },
    footer: 'If you do not know this person, you can ignore this email. — Memoria',
  }),
};
