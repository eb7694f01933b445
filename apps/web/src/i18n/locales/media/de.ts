import type { LocaleShape } from '../en';

export const media: LocaleShape['media'] = {
  upload: {
    addFiles: 'Fotos, Videos oder Dokumente hinzufügen',
    picture: 'Titelbild',
    addPicture: 'Bild hochladen',
    changePicture: 'Bild ändern',
    removePicture: 'Bild entfernen',
    invalidFileType: 'Falscher Dateityp',
    maxFileSize: 'Die Datei ist zu groß. Die maximale Größe beträgt {{limit}} MB.',
    failed: '{{name}} konnte nicht hochgeladen werden: {{error}}',
    progress: '{{name}} wird hochgeladen',
    retry: 'Hochladen von {{name}} erneut versuchen',
    cancel: 'Hochladen von {{name}} abbrechen',
    remove: '{{name}} entfernen',
    waiting: 'Warte, bis die Uploads fertig sind',
  },
  editor: {
    section: 'Anhänge',
    empty: 'Noch keine Anhänge.',
    moveBefore: '{{name}} nach vorne verschieben',
    moveAfter: '{{name}} nach hinten verschieben',
  },
  view: {
    photo: 'Foto {{index}} von {{total}}',
    video: 'Video {{index}} von {{total}}',
    conversionPending: 'Umwandlung läuft',
    conversionFailed: 'Dieses Video konnte nicht umgewandelt werden',
    documents: 'Dokumente',
    download: '{{name}} herunterladen',
    downloadFailed: 'Der Download ist fehlgeschlagen',
    more: '+{{n}}',
  },
  gallery: {
    title: 'Galerie',
    close: 'Galerie schließen',
    previous: 'Zurück',
    next: 'Weiter',
    position: '{{index}} / {{total}}',
    notFound: 'Dieses Element gehört nicht mehr zum Memo.',
    videoPlayError: 'Das Video kann nicht abgespielt werden',
  },
};
