import type { LocaleShape } from '../en';

export const feed: LocaleShape['feed'] = {
  feed: {
    title: 'Feed',
    label: 'Memos in Ihrem Feed',
    over: 'Sie sind auf dem neuesten Stand.',
    emptyTitle: 'Ihr Feed ist leer',
    emptyText:
      'Hier erscheinen die Memos der Menschen, denen Sie folgen oder mit denen Sie verbunden sind. Entdecken Sie Menschen, denen Sie folgen können.',
    discoverPeople: 'Menschen entdecken',
    newContent: 'Neue Memos – anzeigen',
    search: 'Feed durchsuchen',
    searchTitle: 'Ihren Feed durchsuchen',
    searchLabel: 'Suchbegriffe',
    searchPlaceholder: 'Titel, Texte und Schlagwörter',
    searchHint: 'Tippen Sie, um die Memos Ihres Feeds zu durchsuchen.',
    noResults: 'Nichts in Ihrem Feed passt zu „{{search}}“.',
    visitorTitle: 'Ihr Feed wartet auf Sie',
    visitorText:
      'Der Feed zeigt die Memos der Menschen, denen Sie folgen oder mit denen Sie verbunden sind. Melden Sie sich an, um ihn zu sehen, oder stöbern Sie in den öffentlichen Beiträgen.',
    signIn: 'Anmelden',
    signUp: 'Konto erstellen',
    browse: 'Öffentliche Beiträge ansehen',
  },
  discover: {
    title: 'Entdecken',
    tabs: 'Was Sie entdecken möchten',
    people: 'Menschen',
    posts: 'Beiträge',
    postsLabel: 'Öffentliche Beiträge',
    postsEmptyTitle: 'Noch keine öffentlichen Beiträge',
    postsOver: 'Sie haben alle öffentlichen Beiträge gesehen.',
    peopleLabel: 'Menschen mit öffentlichem Profil',
    peopleEmptyTitle: 'Gerade niemand vorzuschlagen',
    peopleEmptyText:
      'Hier erscheinen Personen, sobald sie ihr Profil öffentlich machen. Laden Sie bis dahin Personen ein, die Sie kennen, oder entdecken Sie öffentliche Beiträge.',
    peopleEmptyTextVisitor:
      'Hier erscheinen Personen, sobald sie ihr Profil öffentlich machen. Entdecken Sie bis dahin öffentliche Beiträge oder erstellen Sie ein eigenes Konto.',
    peopleEmptyInvite: 'Personen einladen',
    peopleEmptyPosts: 'Öffentliche Beiträge entdecken',
    peopleEmptySignUp: 'Konto erstellen',
    peopleOver: 'Das sind vorerst alle.',
    viewProfile: 'Profil von {{name}} ansehen',
    follow: 'Folgen',
    unfollow: 'Nicht mehr folgen',
    connected: 'Verbunden',
    verified: 'Verifiziert',
    followed: 'Sie folgen jetzt {{name}}.',
    unfollowed: 'Sie folgen {{name}} nicht mehr.',
    signInToFollow: 'Zum Folgen anmelden',
  },
};
