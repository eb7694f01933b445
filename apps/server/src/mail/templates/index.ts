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
import { TRANSFER_TEMPLATES as transfer } from './transfer.js';

export type { TemplateName, TemplateParams, MailContent } from './types.js';

export const TEMPLATES: Record<Locale, Record<TemplateName, Template>> = {
  en: { ...en, ...social.en, ...notify.en, ...account.en, ...plans.en, ...transfer.en },
  nl: { ...nl, ...social.nl, ...notify.nl, ...account.nl, ...plans.nl, ...transfer.nl },
  fr_be: {
    ...fr_be,
    ...social.fr_be,
    ...notify.fr_be,
    ...account.fr_be,
    ...plans.fr_be,
    ...transfer.fr_be,
  },
  de: { ...de, ...social.de, ...notify.de, ...account.de, ...plans.de, ...transfer.de },
  es: { ...es, ...social.es, ...notify.es, ...account.es, ...plans.es, ...transfer.es },
  pl: { ...pl, ...social.pl, ...notify.pl, ...account.pl, ...plans.pl, ...transfer.pl },
  uk: { ...uk, ...social.uk, ...notify.uk, ...account.uk, ...plans.uk, ...transfer.uk },
};
