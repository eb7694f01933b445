import type { Locale } from '@memoria/domain';
import type { DigestThread, MailContent, NotificationTemplates, TemplateParams } from './types.js';

interface DigestTexts {
  subject: (count: number) => string;
  greeting: (name: string) => string;
  intro: (count: number) => string;
  action: string;
  footer: string;
  /** the subject of a digest with unread messages only */
  messagesSubject: string;
  messagesIntro: string;
  /** how many unread messages a conversation has */
  unread: (count: number) => string;
}

const TEXTS: Record<Locale, DigestTexts> = {
  en: {
    subject: (n) =>
      n === 1
        ? 'You have a new notification on Memoria'
        : `You have ${n} new notifications on Memoria`,
    greeting: (name) => `Hello ${name},`,
    intro: (n) =>
      n === 1
        ? 'This happened while you were away:'
        : `These ${n} things happened while you were away:`,
    action: 'Open Memoria',
    footer:
      'You can choose which notifications reach you by e-mail in the notification settings. — Memoria',
    messagesSubject: 'You have unread messages on Memoria',
    messagesIntro: 'Unread messages:',
    unread: (n) => (n === 1 ? '1 unread message' : `${n} unread messages`),
  },
  de: {
    subject: (n) =>
      n === 1
        ? 'Sie haben eine neue Benachrichtigung auf Memoria'
        : `Sie haben ${n} neue Benachrichtigungen auf Memoria`,
    greeting: (name) => `Hallo ${name},`,
    intro: (n) =>
      n === 1
        ? 'Das ist passiert, während Sie weg waren:'
        : `Diese ${n} Dinge sind passiert, während Sie weg waren:`,
    action: 'Memoria öffnen',
    footer:
      'In den Benachrichtigungseinstellungen wählen Sie, welche Benachrichtigungen Sie per E-Mail erreichen. — Memoria',
    messagesSubject: 'Sie haben ungelesene Nachrichten auf Memoria',
    messagesIntro: 'Ungelesene Nachrichten:',
    unread: (n) => (n === 1 ? '1 ungelesene Nachricht' : `${n} ungelesene Nachrichten`),
  },
  es: {
    subject: (n) =>
      n === 1
        ? 'Tienes una notificación nueva en Memoria'
        : `Tienes ${n} notificaciones nuevas en Memoria`,
    greeting: (name) => `Hola, ${name}:`,
    intro: (n) =>
      n === 1
        ? 'Esto ocurrió mientras no estabas:'
        : `Estas ${n} cosas ocurrieron mientras no estabas:`,
    action: 'Abrir Memoria',
    footer:
      'En los ajustes de notificaciones eliges qué notificaciones te llegan por correo. — Memoria',
    messagesSubject: 'Tienes mensajes sin leer en Memoria',
    messagesIntro: 'Mensajes sin leer:',
    unread: (n) => (n === 1 ? '1 mensaje sin leer' : `${n} mensajes sin leer`),
  },
  fr_be: {
    subject: (n) =>
      n === 1
        ? 'Vous avez une nouvelle notification sur Memoria'
        : `Vous avez ${n} nouvelles notifications sur Memoria`,
    greeting: (name) => `Bonjour ${name},`,
    intro: (n) =>
      n === 1
        ? 'Voici ce qui s’est passé en votre absence :'
        : `Voici les ${n} choses qui se sont passées en votre absence :`,
    action: 'Ouvrir Memoria',
    footer:
      'Dans les paramètres de notification, vous choisissez les notifications reçues par e-mail. — Memoria',
    messagesSubject: 'Vous avez des messages non lus sur Memoria',
    messagesIntro: 'Messages non lus :',
    unread: (n) => (n === 1 ? '1 message non lu' : `${n} messages non lus`),
  },
  nl: {
    subject: (n) =>
      n === 1
        ? 'Je hebt een nieuwe melding op Memoria'
        : `Je hebt ${n} nieuwe meldingen op Memoria`,
    greeting: (name) => `Hallo ${name},`,
    intro: (n) =>
      n === 1
        ? 'Dit gebeurde terwijl je weg was:'
        : `Deze ${n} dingen gebeurden terwijl je weg was:`,
    action: 'Memoria openen',
    footer: 'In de meldingsinstellingen kies je welke meldingen je per e-mail krijgt. — Memoria',
    messagesSubject: 'Je hebt ongelezen berichten op Memoria',
    messagesIntro: 'Ongelezen berichten:',
    unread: (n) => (n === 1 ? '1 ongelezen bericht' : `${n} ongelezen berichten`),
  },
  pl: {
    subject: (n) =>
      n === 1 ? 'Masz nowe powiadomienie w Memoria' : `Masz nowe powiadomienia w Memoria (${n})`,
    greeting: (name) => `Cześć ${name},`,
    intro: (n) =>
      n === 1
        ? 'Oto co się wydarzyło pod twoją nieobecność:'
        : `Oto co się wydarzyło pod twoją nieobecność (${n}):`,
    action: 'Otwórz Memoria',
    footer:
      'W ustawieniach powiadomień wybierasz, które powiadomienia dostajesz e-mailem. — Memoria',
    messagesSubject: 'Masz nieprzeczytane wiadomości w Memoria',
    messagesIntro: 'Nieprzeczytane wiadomości:',
    unread: (n) => `nieprzeczytane wiadomości: ${n}`,
  },
  uk: {
    subject: (n) =>
      n === 1 ? 'У вас нове сповіщення в Memoria' : `У вас нові сповіщення в Memoria (${n})`,
    greeting: (name) => `Вітаємо, ${name}!`,
    intro: (n) =>
      n === 1
        ? 'Ось що сталося за вашої відсутності:'
        : `Ось що сталося за вашої відсутності (${n}):`,
    action: 'Відкрити Memoria',
    footer:
      'У налаштуваннях сповіщень ви обираєте, які сповіщення надходять електронною поштою. — Memoria',
    messagesSubject: 'У вас непрочитані повідомлення в Memoria',
    messagesIntro: 'Непрочитані повідомлення:',
    unread: (n) => `непрочитані повідомлення: ${n}`,
  },
};

/** A conversation's line: "group — sender: “excerpt” (2 unread messages) link". */
function threadLine(texts: DigestTexts, t: DigestThread): string {
  const who = t.title ? `${t.title} — ${t.sender}` : t.sender;
  return `• ${who}: “${t.excerpt}” (${texts.unread(t.count)}) ${t.url}`;
}

function digest(texts: DigestTexts) {
  return (p: TemplateParams): MailContent => {
    const items = p.items ?? [];
    const count = p.count ?? items.length;
    const threads = p.threads ?? [];
    const notices = count > 0 ? [texts.intro(count), ...items.map((item) => `• ${item}`)] : [];
    const messages =
      threads.length > 0 ? [texts.messagesIntro, ...threads.map((t) => threadLine(texts, t))] : [];
    return {
      subject: count > 0 ? texts.subject(count) : texts.messagesSubject,
      greeting: texts.greeting(p.name),
      paragraphs: [...notices, ...messages],
      action: { label: texts.action, url: p.link ?? '' },
      footer: texts.footer,
    };
  };
}

/** The notifications digest mail, per locale. */
export const NOTIFICATION_TEMPLATES = Object.fromEntries(
  Object.entries(TEXTS).map(([locale, texts]) => [locale, { notificationDigest: digest(texts) }]),
) as Record<Locale, NotificationTemplates>;
