import type { Locale } from '@memoria/domain';
import type { SocialTemplates } from '../types.js';
import { en } from './en.js';
import { nl } from './nl.js';
import { fr_be } from './fr_be.js';
import { de } from './de.js';
import { es } from './es.js';
import { pl } from './pl.js';
import { uk } from './uk.js';

/** Connection request and invitation mails, per locale. */
export const SOCIAL_TEMPLATES: Record<Locale, SocialTemplates> = { en, nl, fr_be, de, es, pl, uk };
