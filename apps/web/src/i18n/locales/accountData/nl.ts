import type { LocaleShape } from '../en';

export const accountData: LocaleShape['accountData'] = {
  email: {
    title: 'E-mailadres',
    current: 'Je meldt je aan met {{usermail}}.',
    help: 'We sturen een link naar het nieuwe adres. Je adres verandert pas wanneer je die opent.',
    new: 'Nieuw e-mailadres',
    password: 'Je wachtwoord',
    submit: 'Bevestigingslink versturen',
  },
  confirm: {
    title: 'Bevestig je nieuwe e-mailadres',
    text: 'Bevestig om je voortaan met het nieuwe adres aan te melden.',
    submit: 'Nieuw adres bevestigen',
    missingToken: 'Deze link is onvolledig. Open de link uit de e-mail opnieuw.',
    toSettings: 'Naar de accountinstellingen',
    toLogin: 'Aanmelden',
  },
  sessions: {
    title: 'Sessies en apparaten',
    intro: 'Waar je account is aangemeld. Meld een apparaat af dat je niet herkent.',
    thisDevice: 'Dit apparaat',
    unknown: 'Onbekend apparaat',
    device: '{{browser}} op {{system}}',
    delegated: 'Handelt voor een ander account',
    lastUsed: 'Laatst gebruikt {{date}}',
    address: 'Adres {{ip}}',
    signOut: 'Afmelden',
    signOutLabel: '{{device}} afmelden',
    signOutOthers: 'Overal elders afmelden',
    signedOut: 'De sessie is afgemeld.',
    othersSignedOut: 'Je bent overal elders afgemeld.',
    noOthers: 'Je bent alleen op dit apparaat aangemeld.',
  },
  export: {
    title: 'Je gegevens downloaden',
    intro:
      'Krijg een zipbestand met je memo’s, collecties, reacties en bestanden. We mailen je wanneer het klaar is.',
    request: 'Mijn gegevens voorbereiden',
    preparing: 'Je gegevens worden voorbereid. Je mag deze pagina verlaten; we mailen je.',
    ready: 'Klaar. Je kunt het downloaden tot {{date}}.',
    download: 'Zip downloaden ({{size}})',
    failed: 'Het voorbereiden van je gegevens is mislukt. Probeer het opnieuw.',
    again: 'Een nieuwe kopie voorbereiden',
  },
  delete: {
    title: 'Account verwijderen',
    intro:
      'Je account wordt meteen uitgeschakeld en na een bedenktijd verwijderd met alles wat erin staat. Als je je in die periode aanmeldt, wordt de verwijdering geannuleerd.',
    reason: 'Waarom vertrek je?',
    reasonRequired: 'Geef een reden op',
    password: 'Je wachtwoord',
    submit: 'Mijn account verwijderen',
    confirmTitle: 'Je account verwijderen?',
    confirmText: 'Je wordt nu overal afgemeld.',
    confirm: 'Verwijderen',
  },
  privacy: {
    title: 'Privacybeleid',
    shipped:
      'Dit is het standaardbeleid van de Memoria-software; deze dienst heeft nog geen eigen beleid.',
  },
  help: {
    title: 'Hulp',
    'questions-and-answers': 'Vragen en antwoorden',
    privacy: 'Privacy',
    'about-us': 'Over ons',
    'service-conditions': 'Gebruiksvoorwaarden',
    contact: 'Contact',
  },
};
