import type { LocaleShape } from '../en';

export const media: LocaleShape['media'] = {
  upload: {
    addFiles: 'Ajouter des photos, vidéos ou documents',
    picture: 'Image de couverture',
    addPicture: 'Téléverser une image',
    changePicture: "Changer l'image",
    removePicture: "Supprimer l'image",
    invalidFileType: 'Type de fichier incorrect',
    maxFileSize: 'Le fichier est trop volumineux. La taille maximale est de {{limit}} Mo.',
    failed: "{{name}} n'a pas pu être téléversé : {{error}}",
    progress: 'Téléversement de {{name}}',
    retry: 'Réessayer le téléversement de {{name}}',
    cancel: 'Annuler le téléversement de {{name}}',
    remove: 'Supprimer {{name}}',
    waiting: 'Attendez la fin des téléversements',
  },
  editor: {
    section: 'Pièces jointes',
    empty: 'Pas encore de pièces jointes.',
    moveBefore: 'Déplacer {{name}} vers l’avant',
    moveAfter: 'Déplacer {{name}} vers l’arrière',
  },
  view: {
    photo: 'Photo {{index}} sur {{total}}',
    video: 'Vidéo {{index}} sur {{total}}',
    conversionPending: 'Conversion en cours',
    conversionFailed: "Cette vidéo n'a pas pu être convertie",
    documents: 'Documents',
    download: 'Télécharger {{name}}',
    downloadFailed: 'Le téléchargement a échoué',
    more: '+{{n}}',
  },
  gallery: {
    title: 'Galerie',
    close: 'Fermer la galerie',
    previous: 'Précédent',
    next: 'Suivant',
    position: '{{index}} / {{total}}',
    notFound: "Cet élément n'est plus dans le mémo.",
    videoPlayError: 'La vidéo ne peut pas être lue',
  },
};
