import type { Locale } from '../locales.js';
import { DEFAULT_LOCALE } from '../locales.js';
import { en, type MessageCatalogue, type MessageKey } from './en.js';
import { nl } from './nl.js';
import { fr_be } from './fr_be.js';
import { de } from './de.js';
import { es } from './es.js';
import { pl } from './pl.js';
import { uk } from './uk.js';

export type { MessageCatalogue, MessageKey };

export const MESSAGES: Record<Locale, MessageCatalogue> = { en, nl, fr_be, de, es, pl, uk };

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, value);
}

/** Translates a message key (or returns the text itself when it is not a key). */
export function formatMessage(
  key: string,
  locale: Locale = DEFAULT_LOCALE,
  params: Record<string, string | number> = {},
): string {
  const template = isMessageKey(key) ? (MESSAGES[locale] ?? en)[key] : key;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}
