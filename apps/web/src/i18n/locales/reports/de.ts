import type { LocaleShape } from '../en';

export const reports: LocaleShape['reports'] = {
  title: {
    memo: 'Dieses Memo melden',
    collection: 'Diese Sammlung melden',
    profile: 'Dieses Profil melden',
  },
  text: 'Sagen Sie uns, was nicht stimmt. Eine Moderatorin oder ein Moderator sieht sich Ihre Meldung an.',
  reason: 'Grund',
  reasonRequired: 'Bitte geben Sie einen Grund an',
  submit: 'Meldung senden',
  userReported: 'Danke. Das Profil wurde gemeldet.',
  contentReported: 'Danke. Der Inhalt wurde gemeldet.',
  error: 'Die Meldung konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
};
