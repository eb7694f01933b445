import type { MessageCatalogue } from './en.js';
import { en } from './en.js';

// TODO-TRANSLATE placeholder until translated
export const fr_be: MessageCatalogue = { ...en };
