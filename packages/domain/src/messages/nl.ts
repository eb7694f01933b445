import type { MessageCatalogue } from './en.js';
import { en } from './en.js';

// TODO-TRANSLATE placeholder until translated
export const nl: MessageCatalogue = { ...en };
