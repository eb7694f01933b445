import type { LocaleShape } from '../en';

export const reports: LocaleShape['reports'] = {
  title: {
    memo: 'Deze memo melden',
    collection: 'Deze collectie melden',
    profile: 'Dit profiel melden',
  },
  text: 'Vertel ons wat er mis is. Een moderator bekijkt je melding.',
  reason: 'Reden',
  reasonRequired: 'Geef een reden op',
  submit: 'Melding versturen',
  userReported: 'Bedankt. Het profiel is gemeld.',
  contentReported: 'Bedankt. De inhoud is gemeld.',
  error: 'De melding kon niet worden verstuurd. Probeer het opnieuw.',
};
