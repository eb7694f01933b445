import type { Locale } from '@memoria/domain';
import type { Template, TemplateName } from './types.js';
import { en } from './en.js';
import { nl } from './nl.js';
import { fr_be } from './fr_be.js';
import { de } from './de.js';
import { es } from './es.js';
import { pl } from './pl.js';
import { uk } from './uk.js';
import { SOCIAL_TEMPLATES as social } from './social/index.js';
import { NOTIFICATION_TEMPLATES as notify } from './notifications.js';
import { ACCOUNT_TEMPLATES as account } from './account.js';
import { SUBSCRIPTION_TEMPLATES as plans } from './subscriptions.js';

export type { TemplateName, TemplateParams, MailContent } from './types.js';

export const TEMPLATES: Record<Locale, Record<TemplateName, Template>> = {
  en: { ...en, ...social.en, ...notify.en, ...account.en, ...plans.en },
  nl: { ...nl, ...social.nl, ...notify.nl, ...account.nl, ...plans.nl },
  fr_be: { ...fr_be, ...social.fr_be, ...notify.fr_be, ...account.fr_be, ...plans.fr_be },
  de: { ...de, ...social.de, ...notify.de, ...account.de, ...plans.de },
  es: { ...es, ...social.es, ...notify.es, ...account.es, ...plans.es },
  pl: { ...pl, ...social.pl, ...notify.pl, ...account.pl, ...plans.pl },
  uk: { ...uk, ...social.uk, ...notify.uk, ...account.uk, ...plans.uk },
};
