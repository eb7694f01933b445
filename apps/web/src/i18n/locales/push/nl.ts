import type { LocaleShape } from '../en';

export const push: LocaleShape['push'] = {
  switch: {
    label: 'Pushmeldingen op dit apparaat',
    description: 'Meldingen verschijnen op dit apparaat, ook als Memoria gesloten is.',
    unsupported: 'Deze browser kan geen pushmeldingen ontvangen.',
    denied:
      'Meldingen van Memoria zijn geblokkeerd in deze browser. Sta ze toe in de website-instellingen om push aan te zetten.',
    enabled: 'Pushmeldingen staan aan op dit apparaat.',
    disabled: 'Pushmeldingen staan uit op dit apparaat.',
    elsewhere: 'De pushkeuzes hieronder blijven gelden op je andere apparaten waar push aanstaat.',
  },
};
