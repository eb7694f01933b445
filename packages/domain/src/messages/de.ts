import type { MessageCatalogue } from './en.js';
import { en } from './en.js';

// TODO-TRANSLATE placeholder until translated
export const de: MessageCatalogue = { ...en };
