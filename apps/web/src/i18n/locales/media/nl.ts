import type { LocaleShape } from '../en';

export const media: LocaleShape['media'] = {
  upload: {
    addFiles: "Foto's, video's of documenten toevoegen",
    picture: 'Omslagfoto',
    addPicture: 'Een foto uploaden',
    changePicture: 'Foto wijzigen',
    removePicture: 'Foto verwijderen',
    invalidFileType: 'Verkeerd bestandstype',
    maxFileSize: 'Het bestand is te groot. De maximale grootte is {{limit}} MB.',
    failed: '{{name}} kon niet worden geüpload: {{error}}',
    progress: '{{name}} wordt geüpload',
    retry: 'Upload van {{name}} opnieuw proberen',
    cancel: 'Upload van {{name}} annuleren',
    remove: '{{name}} verwijderen',
    waiting: 'Wacht tot de uploads klaar zijn',
  },
  editor: {
    section: 'Bijlagen',
    empty: 'Nog geen bijlagen.',
    moveBefore: '{{name}} naar voren verplaatsen',
    moveAfter: '{{name}} naar achteren verplaatsen',
  },
  view: {
    photo: 'Foto {{index}} van {{total}}',
    video: 'Video {{index}} van {{total}}',
    conversionPending: 'Conversie bezig',
    conversionFailed: 'Deze video kon niet worden geconverteerd',
    documents: 'Documenten',
    download: '{{name}} downloaden',
    downloadFailed: 'Het downloaden is mislukt',
    more: '+{{n}}',
  },
  gallery: {
    title: 'Galerij',
    close: 'Galerij sluiten',
    previous: 'Vorige',
    next: 'Volgende',
    position: '{{index}} / {{total}}',
    notFound: 'Dit item staat niet meer bij de memo.',
    videoPlayError: 'De video kan niet worden afgespeeld',
  },
};
