import type { LocaleShape } from '../en';

export const feed: LocaleShape['feed'] = {
  feed: {
    title: 'Aktualności',
    label: 'Notatki w twoich aktualnościach',
    over: 'Wszystko przejrzane.',
    emptyTitle: 'Twoje aktualności są puste',
    emptyText:
      'Tutaj pojawiają się notatki osób, które obserwujesz lub z którymi masz połączenie. Odkryj osoby, które warto obserwować.',
    discoverPeople: 'Odkryj osoby',
    newContent: 'Nowe notatki — pokaż je',
    search: 'Szukaj w aktualnościach',
    searchTitle: 'Przeszukaj swoje aktualności',
    searchLabel: 'Szukane słowa',
    searchPlaceholder: 'Tytuły, teksty i tagi',
    searchHint: 'Zacznij pisać, aby przeszukać notatki w aktualnościach.',
    noResults: 'Nic w twoich aktualnościach nie pasuje do „{{search}}”.',
    visitorTitle: 'Twoje aktualności czekają',
    visitorText:
      'Aktualności pokazują notatki osób, które obserwujesz lub z którymi masz połączenie. Zaloguj się, aby je zobaczyć, albo przeglądaj publiczne wpisy.',
    signIn: 'Zaloguj się',
    signUp: 'Załóż konto',
    browse: 'Przeglądaj publiczne wpisy',
  },
  discover: {
    title: 'Odkrywaj',
    tabs: 'Co chcesz odkrywać',
    people: 'Osoby',
    posts: 'Wpisy',
    postsLabel: 'Publiczne wpisy',
    postsEmptyTitle: 'Nie ma jeszcze publicznych wpisów',
    postsOver: 'Widzisz już wszystkie publiczne wpisy.',
    peopleLabel: 'Osoby z publicznym profilem',
    peopleEmptyTitle: 'Na razie nie ma kogo zaproponować',
    peopleEmptyText:
      'Osoby pojawiają się tutaj, gdy udostępnią swój profil publicznie. Tymczasem zaproś znajomych lub przeglądaj publiczne wpisy.',
    peopleEmptyTextVisitor:
      'Osoby pojawiają się tutaj, gdy udostępnią swój profil publicznie. Tymczasem przeglądaj publiczne wpisy lub załóż własne konto.',
    peopleEmptyInvite: 'Zaproś znajomych',
    peopleEmptyPosts: 'Przeglądaj publiczne wpisy',
    peopleEmptySignUp: 'Załóż konto',
    peopleOver: 'To na razie wszyscy.',
    viewProfile: 'Zobacz profil: {{name}}',
    follow: 'Obserwuj',
    unfollow: 'Przestań obserwować',
    connected: 'Połączono',
    verified: 'Zweryfikowano',
    followed: 'Obserwujesz teraz: {{name}}.',
    unfollowed: 'Już nie obserwujesz: {{name}}.',
    signInToFollow: 'Zaloguj się, aby obserwować',
  },
};
