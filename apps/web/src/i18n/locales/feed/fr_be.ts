import type { LocaleShape } from '../en';

export const feed: LocaleShape['feed'] = {
  feed: {
    title: 'Fil d’actualité',
    label: 'Mémos de votre fil',
    over: 'Vous êtes à jour.',
    emptyTitle: 'Votre fil est vide',
    emptyText:
      'Les mémos des personnes que vous suivez ou avec qui vous êtes connecté apparaissent ici. Découvrez des personnes à suivre.',
    discoverPeople: 'Découvrir des personnes',
    newContent: 'Nouveaux mémos — les afficher',
    search: 'Rechercher dans le fil',
    searchTitle: 'Rechercher dans votre fil',
    searchLabel: 'Mots recherchés',
    searchPlaceholder: 'Titres, textes et étiquettes',
    searchHint: 'Tapez pour rechercher parmi les mémos de votre fil.',
    noResults: 'Rien dans votre fil ne correspond à « {{search}} ».',
    visitorTitle: 'Votre fil vous attend',
    visitorText:
      'Le fil montre les mémos des personnes que vous suivez ou avec qui vous êtes connecté. Connectez-vous pour le voir, ou parcourez les publications publiques.',
    signIn: 'Se connecter',
    signUp: 'Créer un compte',
    browse: 'Parcourir les publications publiques',
  },
  discover: {
    title: 'Découvrir',
    tabs: 'Que découvrir',
    people: 'Personnes',
    posts: 'Publications',
    postsLabel: 'Publications publiques',
    postsEmptyTitle: 'Pas encore de publications publiques',
    postsOver: 'Vous avez vu toutes les publications publiques.',
    peopleLabel: 'Personnes avec un profil public',
    peopleEmptyTitle: 'Personne à suggérer pour l’instant',
    peopleEmptyText:
      'Les personnes apparaissent ici dès qu’elles rendent leur profil public. En attendant, invitez les personnes que vous connaissez ou explorez les publications publiques.',
    peopleEmptyTextVisitor:
      'Les personnes apparaissent ici dès qu’elles rendent leur profil public. En attendant, explorez les publications publiques ou créez votre compte.',
    peopleEmptyInvite: 'Inviter des personnes',
    peopleEmptyPosts: 'Explorer les publications publiques',
    peopleEmptySignUp: 'Créer un compte',
    peopleOver: 'C’est tout pour l’instant.',
    viewProfile: 'Voir le profil de {{name}}',
    follow: 'Suivre',
    unfollow: 'Ne plus suivre',
    connected: 'Connecté',
    verified: 'Vérifié',
    followed: 'Vous suivez désormais {{name}}.',
    unfollowed: 'Vous ne suivez plus {{name}}.',
    signInToFollow: 'Connectez-vous pour suivre',
  },
};
