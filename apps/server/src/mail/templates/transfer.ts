import type { Locale } from '@memoria/domain';
import type { MailContent, TemplateParams, TransferTemplates } from './types.js';

/**
 * The mail of a transfer's link (docs/notes/file-transfer.md, Mailing the link), in the
 * sender's language: who sent it (a signed-in sender's name, else nobody), the sender's
 * note, until when, whether a password is needed, and the link as the button.
 */
interface TransferTexts {
  subject: (sender: string | undefined) => string;
  greeting: string;
  intro: (sender: string | undefined) => string;
  note: string;
  until: (date: string) => string;
  password: string;
  action: string;
  footer: string;
}

const TEXTS: Record<Locale, TransferTexts> = {
  en: {
    subject: (sender) => (sender ? `${sender} sent you files` : 'Files for you'),
    greeting: 'Hello,',
    intro: (sender) =>
      sender
        ? `${sender} sent you files with Memoria. They are encrypted; the key is in the link below.`
        : 'Someone sent you files with Memoria. They are encrypted; the key is in the link below.',
    note: 'Their note:',
    until: (date) => `You can download them until ${date}.`,
    password: 'The files also need a password, which the sender gives you separately.',
    action: 'Open the files',
    footer: 'You get this e-mail because the sender typed in your address. — Memoria',
  },
  nl: {
    subject: (sender) => (sender ? `${sender} stuurde je bestanden` : 'Bestanden voor jou'),
    greeting: 'Hallo,',
    intro: (sender) =>
      sender
        ? `${sender} stuurde je bestanden met Memoria. Ze zijn versleuteld; de sleutel zit in de link hieronder.`
        : 'Iemand stuurde je bestanden met Memoria. Ze zijn versleuteld; de sleutel zit in de link hieronder.',
    note: 'Het bericht erbij:',
    until: (date) => `Je kunt ze downloaden tot ${date}.`,
    password: 'Je hebt ook een wachtwoord nodig; de afzender geeft het je apart.',
    action: 'De bestanden openen',
    footer: 'Je krijgt deze e-mail omdat de afzender je adres intypte. — Memoria',
  },
  fr_be: {
    subject: (sender) =>
      sender ? `${sender} vous a envoyé des fichiers` : 'Des fichiers pour vous',
    greeting: 'Bonjour,',
    intro: (sender) =>
      sender
        ? `${sender} vous a envoyé des fichiers avec Memoria. Ils sont chiffrés ; la clé se trouve dans le lien ci-dessous.`
        : 'Quelqu’un vous a envoyé des fichiers avec Memoria. Ils sont chiffrés ; la clé se trouve dans le lien ci-dessous.',
    note: 'Son message :',
    until: (date) => `Vous pouvez les télécharger jusqu’au ${date}.`,
    password: 'Il faut aussi un mot de passe, que l’expéditeur vous donnera séparément.',
    action: 'Ouvrir les fichiers',
    footer: 'Vous recevez cet e-mail parce que l’expéditeur a saisi votre adresse. — Memoria',
  },
  de: {
    subject: (sender) => (sender ? `${sender} hat Ihnen Dateien gesendet` : 'Dateien für Sie'),
    greeting: 'Guten Tag,',
    intro: (sender) =>
      sender
        ? `${sender} hat Ihnen mit Memoria Dateien gesendet. Sie sind verschlüsselt; der Schlüssel steckt im Link unten.`
        : 'Jemand hat Ihnen mit Memoria Dateien gesendet. Sie sind verschlüsselt; der Schlüssel steckt im Link unten.',
    note: 'Die Nachricht dazu:',
    until: (date) => `Sie können sie bis zum ${date} herunterladen.`,
    password: 'Sie brauchen außerdem ein Passwort, das Ihnen der Absender getrennt mitteilt.',
    action: 'Dateien öffnen',
    footer: 'Sie erhalten diese E-Mail, weil der Absender Ihre Adresse eingegeben hat. — Memoria',
  },
  es: {
    subject: (sender) => (sender ? `${sender} te ha enviado archivos` : 'Archivos para ti'),
    greeting: 'Hola:',
    intro: (sender) =>
      sender
        ? `${sender} te ha enviado archivos con Memoria. Están cifrados; la clave va en el enlace de abajo.`
        : 'Alguien te ha enviado archivos con Memoria. Están cifrados; la clave va en el enlace de abajo.',
    note: 'Su mensaje:',
    until: (date) => `Puedes descargarlos hasta el ${date}.`,
    password: 'También necesitas una contraseña, que el remitente te dará aparte.',
    action: 'Abrir los archivos',
    footer: 'Recibes este correo porque el remitente escribió tu dirección. — Memoria',
  },
  pl: {
    subject: (sender) => (sender ? `${sender} wysyła Ci pliki` : 'Pliki dla Ciebie'),
    greeting: 'Dzień dobry,',
    intro: (sender) =>
      sender
        ? `${sender} wysyła Ci pliki przez Memorię. Są zaszyfrowane; klucz jest w linku poniżej.`
        : 'Ktoś wysyła Ci pliki przez Memorię. Są zaszyfrowane; klucz jest w linku poniżej.',
    note: 'Wiadomość od nadawcy:',
    until: (date) => `Możesz je pobrać do ${date}.`,
    password: 'Potrzebne jest też hasło, które nadawca przekaże Ci osobno.',
    action: 'Otwórz pliki',
    footer: 'Otrzymujesz ten e-mail, ponieważ nadawca wpisał Twój adres. — Memoria',
  },
  uk: {
    subject: (sender) => (sender ? `${sender} надсилає вам файли` : 'Файли для вас'),
    greeting: 'Вітаємо,',
    intro: (sender) =>
      sender
        ? `${sender} надсилає вам файли через Memoria. Вони зашифровані; ключ міститься в посиланні нижче.`
        : 'Хтось надсилає вам файли через Memoria. Вони зашифровані; ключ міститься в посиланні нижче.',
    note: 'Повідомлення відправника:',
    until: (date) => `Завантажити їх можна до ${date}.`,
    password: 'Також потрібен пароль, який відправник повідомить вам окремо.',
    action: 'Відкрити файли',
    footer: 'Ви отримали цей лист, бо відправник ввів вашу адресу. — Memoria',
  },
};

function templates(x: TransferTexts): TransferTemplates {
  return {
    transferLink: (p: TemplateParams): MailContent => ({
      subject: x.subject(p.sender || undefined),
      greeting: x.greeting,
      paragraphs: [
        x.intro(p.sender || undefined),
        ...(p.message ? [`${x.note} ${p.message}`] : []),
        x.until(p.date ?? ''),
        ...(p.needsPassword ? [x.password] : []),
      ],
      action: { label: x.action, url: p.link ?? '' },
      footer: x.footer,
    }),
  };
}

export const TRANSFER_TEMPLATES = Object.fromEntries(
  Object.entries(TEXTS).map(([locale, texts]) => [locale, templates(texts)]),
) as Record<Locale, TransferTemplates>;
