import type { LocaleShape } from '../en';

export const feed: LocaleShape['feed'] = {
  feed: {
    title: 'Tijdlijn',
    label: 'Memo’s in je tijdlijn',
    over: 'Je bent helemaal bij.',
    emptyTitle: 'Je tijdlijn is leeg',
    emptyText:
      'Hier verschijnen de memo’s van de mensen die je volgt of met wie je verbonden bent. Ontdek mensen om te volgen.',
    discoverPeople: 'Mensen ontdekken',
    newContent: 'Nieuwe memo’s — tonen',
    search: 'Tijdlijn doorzoeken',
    searchTitle: 'Je tijdlijn doorzoeken',
    searchLabel: 'Zoekwoorden',
    searchPlaceholder: 'Titels, teksten en tags',
    searchHint: 'Typ om de memo’s van je tijdlijn te doorzoeken.',
    noResults: 'Niets in je tijdlijn komt overeen met ‘{{search}}’.',
    visitorTitle: 'Je tijdlijn wacht op je',
    visitorText:
      'De tijdlijn toont de memo’s van de mensen die je volgt of met wie je verbonden bent. Meld je aan om hem te zien, of blader door de openbare berichten.',
    signIn: 'Aanmelden',
    signUp: 'Account aanmaken',
    browse: 'Openbare berichten bekijken',
  },
  discover: {
    title: 'Ontdekken',
    tabs: 'Wat wil je ontdekken',
    people: 'Mensen',
    posts: 'Berichten',
    postsLabel: 'Openbare berichten',
    postsEmptyTitle: 'Nog geen openbare berichten',
    postsOver: 'Je hebt alle openbare berichten gezien.',
    peopleLabel: 'Mensen met een openbaar profiel',
    peopleEmptyTitle: 'Op dit moment niemand om voor te stellen',
    peopleEmptyText:
      'Hier verschijnen mensen zodra ze hun profiel openbaar maken. Nodig intussen mensen uit die je kent of ontdek openbare berichten.',
    peopleEmptyTextVisitor:
      'Hier verschijnen mensen zodra ze hun profiel openbaar maken. Ontdek intussen openbare berichten of maak zelf een account aan.',
    peopleEmptyInvite: 'Mensen uitnodigen',
    peopleEmptyPosts: 'Openbare berichten ontdekken',
    peopleEmptySignUp: 'Account aanmaken',
    peopleOver: 'Dat is iedereen voorlopig.',
    viewProfile: 'Profiel van {{name}} bekijken',
    follow: 'Volgen',
    unfollow: 'Niet meer volgen',
    connected: 'Verbonden',
    verified: 'Geverifieerd',
    followed: 'Je volgt nu {{name}}.',
    unfollowed: 'Je volgt {{name}} niet meer.',
    signInToFollow: 'Meld je aan om te volgen',
  },
};
