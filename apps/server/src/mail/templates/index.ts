import type { Locale } from '@memoria/domain';
import type { LocaleTemplates } from './types.js';
import { en } from './en.js';
import { nl } from './nl.js';
import { fr_be } from './fr_be.js';
import { de } from './de.js';
import { es } from './es.js';
import { pl } from './pl.js';
import { uk } from './uk.js';

export type { TemplateName, TemplateParams, MailContent } from './types.js';

export const TEMPLATES: Record<Locale, LocaleTemplates> = { en, nl, fr_be, de, es, pl, uk };
