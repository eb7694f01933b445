import type { LocaleShape } from './en';
import { en } from './en';

// TODO-TRANSLATE: English placeholder until the translation lands.
export const fr_be: LocaleShape = { ...en };
