import type { LocaleShape } from '../en';

export const accountData: LocaleShape['accountData'] = {
  email: {
    title: 'Adresse e-mail',
    current: 'Vous vous connectez avec {{usermail}}.',
    help: "Nous envoyons un lien à la nouvelle adresse. Votre adresse ne change que lorsque vous l'ouvrez.",
    new: 'Nouvelle adresse e-mail',
    password: 'Votre mot de passe',
    submit: 'Envoyer le lien de confirmation',
  },
  confirm: {
    title: 'Confirmez votre nouvelle adresse e-mail',
    text: 'Confirmez pour vous connecter désormais avec la nouvelle adresse.',
    submit: 'Confirmer la nouvelle adresse',
    missingToken: "Ce lien est incomplet. Ouvrez à nouveau le lien de l'e-mail.",
    toSettings: 'Aller aux paramètres du compte',
    toLogin: 'Se connecter',
  },
  sessions: {
    title: 'Sessions et appareils',
    intro: 'Où votre compte est connecté. Déconnectez un appareil que vous ne reconnaissez pas.',
    thisDevice: 'Cet appareil',
    unknown: 'Appareil inconnu',
    device: '{{browser}} sur {{system}}',
    delegated: 'Agit pour un autre compte',
    lastUsed: 'Dernière utilisation {{date}}',
    address: 'Adresse {{ip}}',
    signOut: 'Déconnecter',
    signOutLabel: 'Déconnecter {{device}}',
    signOutOthers: 'Se déconnecter partout ailleurs',
    signedOut: 'La session a été déconnectée.',
    othersSignedOut: 'Vous avez été déconnecté partout ailleurs.',
    noOthers: 'Vous êtes connecté sur cet appareil uniquement.',
  },
  export: {
    title: 'Télécharger vos données',
    intro:
      'Recevez un fichier zip avec vos mémos, collections, commentaires et fichiers. Nous vous envoyons un e-mail quand il est prêt.',
    request: 'Préparer mes données',
    preparing:
      'Vos données sont en préparation. Vous pouvez quitter cette page ; nous vous enverrons un e-mail.',
    ready: "Prêt. Vous pouvez le télécharger jusqu'au {{date}}.",
    download: 'Télécharger le zip ({{size}})',
    failed: 'La préparation de vos données a échoué. Veuillez réessayer.',
    again: 'Préparer une nouvelle copie',
  },
  verify: {
    title: 'Vérifier votre nom',
    intro:
      'Prouvez votre nom avec {{name}}. Vos connexions verront alors votre nom officiel avec une coche, et vous pourrez vous connecter avec {{name}}.',
    start: 'Vérifier mon nom avec {{name}}',
    again: 'Vérifier à nouveau',
    waiting: 'En attente de la confirmation de votre nom par {{name}}…',
    timeout: "Le service d'identité n'a pas encore confirmé votre nom.",
    waitAgain: 'Continuer à attendre',
    done: 'Votre nom est vérifié : {{name}}',
    failed: "Votre nom n'a pas pu être vérifié. Veuillez réessayer.",
    link: 'Vérifier votre nom',
  },
  delete: {
    title: 'Supprimer le compte',
    intro:
      'Votre compte est désactivé immédiatement et supprimé avec tout son contenu après un délai de grâce. Vous connecter pendant ce délai annule la suppression.',
    reason: 'Pourquoi partez-vous ?',
    reasonRequired: 'Veuillez indiquer une raison',
    password: 'Votre mot de passe',
    submit: 'Supprimer mon compte',
    confirmTitle: 'Supprimer votre compte ?',
    confirmText: 'Vous serez déconnecté partout maintenant.',
    confirm: 'Supprimer',
  },
  privacy: {
    title: 'Politique de confidentialité',
    shipped:
      "Ceci est la politique par défaut du logiciel Memoria ; ce service n'a pas encore défini la sienne.",
  },
  help: {
    title: 'Aide',
    'questions-and-answers': 'Questions et réponses',
    privacy: 'Confidentialité',
    'about-us': 'À propos',
    'service-conditions': "Conditions d'utilisation",
    contact: 'Contact',
  },
};
