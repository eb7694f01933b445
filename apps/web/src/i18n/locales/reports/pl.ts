import type { LocaleShape } from '../en';

export const reports: LocaleShape['reports'] = {
  title: { memo: 'Zgłoś tę notatkę', collection: 'Zgłoś tę kolekcję', profile: 'Zgłoś ten profil' },
  text: 'Napisz, co jest nie tak. Moderator przejrzy Twoje zgłoszenie.',
  reason: 'Powód',
  reasonRequired: 'Podaj powód',
  submit: 'Wyślij zgłoszenie',
  userReported: 'Dziękujemy. Profil został zgłoszony.',
  contentReported: 'Dziękujemy. Treść została zgłoszona.',
  error: 'Nie udało się wysłać zgłoszenia. Spróbuj ponownie.',
};
