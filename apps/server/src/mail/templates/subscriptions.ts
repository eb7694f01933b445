import type { Locale } from '@memoria/domain';
import type { MailContent, SubscriptionTemplates, TemplateParams } from './types.js';

/** The subscription lifecycle (docs/notes/subscriptions.md): expiring, expired, cancelled, renewed. */
interface PlanTexts {
  greeting: (name: string) => string;
  expiring: [subject: string, text: (p: string, date: string, weeks: number) => string];
  expired: [subject: string, text: (p: string, date: string, weeks: number) => string];
  cancelled: [subject: string, text: (p: string, date: string, weeks: number) => string];
  renewed: [subject: string, text: (p: string, date: string, weeks: number) => string];
  action: string;
  footer: string;
}

const TEXTS: Record<Locale, PlanTexts> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    expiring: [
      'Your Memoria subscription ends soon',
      (p, date, weeks) =>
        `Your ${p} subscription ends on ${date}. Renew it to keep what it unlocks; after the end you have a payment grace of ${weeks} weeks.`,
    ],
    expired: [
      'Your Memoria subscription has ended',
      (p, date) =>
        `Your ${p} subscription ended on ${date}. Its functions stay on for a few more days; renew it to keep them. Nothing you made is deleted.`,
    ],
    cancelled: [
      'Your Memoria subscription is cancelled',
      (p, date) => `Your ${p} subscription is cancelled. You keep it until ${date}.`,
    ],
    renewed: [
      'Your Memoria subscription is renewed',
      (p, date) => `Thank you: your ${p} subscription is renewed and now runs until ${date}.`,
    ],
    action: 'Open your subscriptions',
    footer: '— Memoria',
  },
  nl: {
    greeting: (name) => `Hallo ${name},`,
    expiring: [
      'Je Memoria-abonnement loopt binnenkort af',
      (p, date, weeks) =>
        `Je ${p}-abonnement loopt af op ${date}. Verleng het om te houden wat het biedt; na het einde heb je ${weeks} weken betalingsuitstel.`,
    ],
    expired: [
      'Je Memoria-abonnement is afgelopen',
      (p, date) =>
        `Je ${p}-abonnement is afgelopen op ${date}. De functies blijven nog enkele dagen aan; verleng om ze te houden. Niets wat je maakte wordt verwijderd.`,
    ],
    cancelled: [
      'Je Memoria-abonnement is opgezegd',
      (p, date) => `Je ${p}-abonnement is opgezegd. Je houdt het tot ${date}.`,
    ],
    renewed: [
      'Je Memoria-abonnement is verlengd',
      (p, date) => `Bedankt: je ${p}-abonnement is verlengd en loopt nu tot ${date}.`,
    ],
    action: 'Naar je abonnementen',
    footer: '— Memoria',
  },
  fr_be: {
    greeting: (name) => `Bonjour ${name},`,
    expiring: [
      'Votre abonnement Memoria se termine bientôt',
      (p, date, weeks) =>
        `Votre abonnement ${p} se termine le ${date}. Renouvelez-le pour garder ce qu'il offre ; après la fin, vous disposez d'un délai de paiement de ${weeks} semaines.`,
    ],
    expired: [
      'Votre abonnement Memoria est terminé',
      (p, date) =>
        `Votre abonnement ${p} s'est terminé le ${date}. Ses fonctions restent actives quelques jours ; renouvelez-le pour les garder. Rien de ce que vous avez créé n'est supprimé.`,
    ],
    cancelled: [
      'Votre abonnement Memoria est résilié',
      (p, date) => `Votre abonnement ${p} est résilié. Vous le gardez jusqu'au ${date}.`,
    ],
    renewed: [
      'Votre abonnement Memoria est renouvelé',
      (p, date) => `Merci : votre abonnement ${p} est renouvelé jusqu'au ${date}.`,
    ],
    action: 'Voir vos abonnements',
    footer: '— Memoria',
  },
  de: {
    greeting: (name) => `Hallo ${name},`,
    expiring: [
      'Ihr Memoria-Abo endet bald',
      (p, date, weeks) =>
        `Ihr ${p}-Abo endet am ${date}. Verlängern Sie es, um seine Funktionen zu behalten; nach dem Ende haben Sie eine Zahlungsfrist von ${weeks} Wochen.`,
    ],
    expired: [
      'Ihr Memoria-Abo ist abgelaufen',
      (p, date) =>
        `Ihr ${p}-Abo ist am ${date} abgelaufen. Seine Funktionen bleiben noch einige Tage aktiv; verlängern Sie, um sie zu behalten. Nichts, was Sie erstellt haben, wird gelöscht.`,
    ],
    cancelled: [
      'Ihr Memoria-Abo ist gekündigt',
      (p, date) => `Ihr ${p}-Abo ist gekündigt. Sie behalten es bis zum ${date}.`,
    ],
    renewed: [
      'Ihr Memoria-Abo ist verlängert',
      (p, date) => `Danke: Ihr ${p}-Abo ist verlängert und läuft jetzt bis zum ${date}.`,
    ],
    action: 'Ihre Abos öffnen',
    footer: '— Memoria',
  },
  es: {
    greeting: (name) => `Hola ${name}:`,
    expiring: [
      'Tu suscripción a Memoria termina pronto',
      (p, date, weeks) =>
        `Tu suscripción ${p} termina el ${date}. Renuévala para conservar lo que ofrece; tras el final tienes un plazo de pago de ${weeks} semanas.`,
    ],
    expired: [
      'Tu suscripción a Memoria ha terminado',
      (p, date) =>
        `Tu suscripción ${p} terminó el ${date}. Sus funciones siguen activas unos días más; renuévala para conservarlas. No se borra nada de lo que creaste.`,
    ],
    cancelled: [
      'Tu suscripción a Memoria está cancelada',
      (p, date) => `Tu suscripción ${p} está cancelada. La conservas hasta el ${date}.`,
    ],
    renewed: [
      'Tu suscripción a Memoria se ha renovado',
      (p, date) => `Gracias: tu suscripción ${p} se ha renovado hasta el ${date}.`,
    ],
    action: 'Ver tus suscripciones',
    footer: '— Memoria',
  },
  pl: {
    greeting: (name) => `Witaj ${name},`,
    expiring: [
      'Twoja subskrypcja Memoria wkrótce się kończy',
      (p, date, weeks) =>
        `Twoja subskrypcja ${p} kończy się ${date}. Odnów ją, aby zachować jej funkcje; po zakończeniu masz ${weeks} tygodni na płatność.`,
    ],
    expired: [
      'Twoja subskrypcja Memoria wygasła',
      (p, date) =>
        `Twoja subskrypcja ${p} wygasła ${date}. Jej funkcje działają jeszcze kilka dni; odnów ją, aby je zachować. Nic, co utworzyłeś, nie zostanie usunięte.`,
    ],
    cancelled: [
      'Twoja subskrypcja Memoria została anulowana',
      (p, date) => `Twoja subskrypcja ${p} została anulowana. Działa do ${date}.`,
    ],
    renewed: [
      'Twoja subskrypcja Memoria została odnowiona',
      (p, date) => `Dziękujemy: twoja subskrypcja ${p} została odnowiona do ${date}.`,
    ],
    action: 'Otwórz subskrypcje',
    footer: '— Memoria',
  },
  uk: {
    greeting: (name) => `Вітаємо, ${name}!`,
    expiring: [
      'Ваша підписка Memoria незабаром закінчується',
      (p, date, weeks) =>
        `Ваша підписка ${p} закінчується ${date}. Поновіть її, щоб зберегти можливості; після завершення у вас є ${weeks} тижнів на оплату.`,
    ],
    expired: [
      'Ваша підписка Memoria закінчилася',
      (p, date) =>
        `Ваша підписка ${p} закінчилася ${date}. Її функції працюватимуть ще кілька днів; поновіть її, щоб їх зберегти. Нічого з вашого не видаляється.`,
    ],
    cancelled: [
      'Вашу підписку Memoria скасовано',
      (p, date) => `Вашу підписку ${p} скасовано. Вона діє до ${date}.`,
    ],
    renewed: [
      'Вашу підписку Memoria поновлено',
      (p, date) => `Дякуємо: вашу підписку ${p} поновлено до ${date}.`,
    ],
    action: 'Відкрити підписки',
    footer: '— Memoria',
  },
};

function templates(texts: PlanTexts): SubscriptionTemplates {
  const make =
    (key: 'expiring' | 'expired' | 'cancelled' | 'renewed') =>
    (p: TemplateParams): MailContent => ({
      subject: texts[key][0],
      greeting: texts.greeting(p.name),
      paragraphs: [texts[key][1](p.product ?? '', p.date ?? '', p.weeks ?? 0)],
      ...(p.link ? { action: { label: texts.action, url: p.link } } : {}),
      footer: texts.footer,
    });
  return {
    subscription_expiring: make('expiring'),
    subscription_expired: make('expired'),
    subscription_cancelled: make('cancelled'),
    subscription_renewed: make('renewed'),
  };
}

export const SUBSCRIPTION_TEMPLATES = Object.fromEntries(
  Object.entries(TEXTS).map(([locale, texts]) => [locale, templates(texts)]),
) as Record<Locale, SubscriptionTemplates>;
