import type { LocaleShape } from '../en';
import { memos as en } from './en';

/** TODO(translate) */
export const memos: LocaleShape['memos'] = en;
