import type { LocaleShape } from '../en';

export const reports: LocaleShape['reports'] = {
  title: {
    memo: 'Signaler ce mémo',
    collection: 'Signaler cette collection',
    profile: 'Signaler ce profil',
  },
  text: 'Dites-nous ce qui ne va pas. Un modérateur examinera votre signalement.',
  reason: 'Motif',
  reasonRequired: 'Veuillez indiquer un motif',
  submit: 'Envoyer le signalement',
  userReported: 'Merci. Le profil a été signalé.',
  contentReported: 'Merci. Le contenu a été signalé.',
  error: "Le signalement n'a pas pu être envoyé. Veuillez réessayer.",
};
