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

export type { TemplateName, TemplateParams, MailContent } from './types.js';

export const TEMPLATES: Record<Locale, Record<TemplateName, Template>> = {
  en: { ...en, ...social.en },
  nl: { ...nl, ...social.nl },
  fr_be: { ...fr_be, ...social.fr_be },
  de: { ...de, ...social.de },
  es: { ...es, ...social.es },
  pl: { ...pl, ...social.pl },
  uk: { ...uk, ...social.uk },
};
