import type { LocaleShape } from '../en';

export const accountData: LocaleShape['accountData'] = {
  email: {
    title: 'E-Mail-Adresse',
    current: 'Sie melden sich mit {{usermail}} an.',
    help: 'Wir senden einen Link an die neue Adresse. Ihre Adresse ändert sich erst, wenn Sie ihn öffnen.',
    new: 'Neue E-Mail-Adresse',
    password: 'Ihr Passwort',
    submit: 'Bestätigungslink senden',
  },
  confirm: {
    title: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
    text: 'Bestätigen Sie, um sich künftig mit der neuen Adresse anzumelden.',
    submit: 'Neue Adresse bestätigen',
    missingToken: 'Dieser Link ist unvollständig. Öffnen Sie den Link aus der E-Mail erneut.',
    toSettings: 'Zu den Kontoeinstellungen',
    toLogin: 'Anmelden',
  },
  sessions: {
    title: 'Sitzungen und Geräte',
    intro: 'Wo Ihr Konto angemeldet ist. Melden Sie ein Gerät ab, das Sie nicht kennen.',
    thisDevice: 'Dieses Gerät',
    unknown: 'Unbekanntes Gerät',
    device: '{{browser}} auf {{system}}',
    delegated: 'Handelt für ein anderes Konto',
    lastUsed: 'Zuletzt verwendet {{date}}',
    address: 'Adresse {{ip}}',
    signOut: 'Abmelden',
    signOutLabel: '{{device}} abmelden',
    signOutOthers: 'Überall sonst abmelden',
    signedOut: 'Die Sitzung wurde abgemeldet.',
    othersSignedOut: 'Sie wurden überall sonst abgemeldet.',
    noOthers: 'Sie sind nur auf diesem Gerät angemeldet.',
  },
  export: {
    title: 'Ihre Daten herunterladen',
    intro:
      'Erhalten Sie eine ZIP-Datei mit Ihren Memos, Sammlungen, Kommentaren und Dateien. Wir schreiben Ihnen, sobald sie bereit ist.',
    request: 'Meine Daten vorbereiten',
    preparing:
      'Ihre Daten werden vorbereitet. Sie können die Seite verlassen; wir schreiben Ihnen.',
    ready: 'Bereit. Sie können sie bis {{date}} herunterladen.',
    download: 'ZIP herunterladen ({{size}})',
    failed: 'Die Vorbereitung Ihrer Daten ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
    again: 'Neue Kopie vorbereiten',
  },
  verify: {
    title: 'Namen verifizieren',
    intro:
      'Weisen Sie Ihren Namen mit {{name}} nach. Ihre Kontakte sehen dann Ihren amtlichen Namen mit einem Häkchen, und Sie können sich mit {{name}} anmelden.',
    start: 'Meinen Namen mit {{name}} verifizieren',
    again: 'Erneut verifizieren',
    waiting: 'Warten, bis {{name}} Ihren Namen bestätigt…',
    timeout: 'Der Identitätsdienst hat Ihren Namen noch nicht bestätigt.',
    waitAgain: 'Weiter warten',
    done: 'Ihr Name ist verifiziert: {{name}}',
    failed: 'Ihr Name konnte nicht verifiziert werden. Bitte versuchen Sie es erneut.',
    link: 'Namen verifizieren',
  },
  delete: {
    title: 'Konto löschen',
    intro:
      'Ihr Konto wird sofort deaktiviert und nach einer Schonfrist mit allen Inhalten gelöscht. Wenn Sie sich in dieser Zeit anmelden, wird die Löschung abgebrochen.',
    reason: 'Warum gehen Sie?',
    reasonRequired: 'Bitte geben Sie einen Grund an',
    password: 'Ihr Passwort',
    submit: 'Mein Konto löschen',
    confirmTitle: 'Ihr Konto löschen?',
    confirmText: 'Sie werden jetzt überall abgemeldet.',
    confirm: 'Löschen',
  },
  privacy: {
    title: 'Datenschutzerklärung',
    shipped:
      'Dies ist die Standarderklärung der Memoria-Software; dieser Dienst hat noch keine eigene festgelegt.',
  },
  help: {
    title: 'Hilfe',
    'questions-and-answers': 'Fragen und Antworten',
    privacy: 'Datenschutz',
    'about-us': 'Über uns',
    'service-conditions': 'Nutzungsbedingungen',
    contact: 'Kontakt',
  },
};
