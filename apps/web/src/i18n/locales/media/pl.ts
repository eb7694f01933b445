import type { LocaleShape } from '../en';

export const media: LocaleShape['media'] = {
  upload: {
    addFiles: 'Dodaj zdjęcia, filmy lub dokumenty',
    picture: 'Zdjęcie okładki',
    addPicture: 'Prześlij zdjęcie',
    changePicture: 'Zmień zdjęcie',
    removePicture: 'Usuń zdjęcie',
    invalidFileType: 'Nieprawidłowy typ pliku',
    maxFileSize: 'Plik jest za duży. Maksymalny rozmiar to {{limit}} MB.',
    failed: 'Nie udało się przesłać pliku {{name}}: {{error}}',
    progress: 'Przesyłanie pliku {{name}}',
    retry: 'Ponów przesyłanie pliku {{name}}',
    cancel: 'Anuluj przesyłanie pliku {{name}}',
    remove: 'Usuń {{name}}',
    waiting: 'Poczekaj, aż przesyłanie się zakończy',
  },
  editor: {
    section: 'Załączniki',
    empty: 'Brak załączników.',
    moveBefore: 'Przesuń {{name}} wcześniej',
    moveAfter: 'Przesuń {{name}} później',
  },
  view: {
    photo: 'Zdjęcie {{index}} z {{total}}',
    video: 'Film {{index}} z {{total}}',
    conversionPending: 'Trwa konwersja',
    conversionFailed: 'Nie udało się przekonwertować tego filmu',
    documents: 'Dokumenty',
    download: 'Pobierz {{name}}',
    downloadFailed: 'Pobieranie nie powiodło się',
    more: '+{{n}}',
  },
  gallery: {
    title: 'Galeria',
    close: 'Zamknij galerię',
    previous: 'Poprzednie',
    next: 'Następne',
    position: '{{index}} / {{total}}',
    notFound: 'Tego elementu nie ma już w notatce.',
    videoPlayError: 'Nie można odtworzyć filmu',
  },
};
