import type { LocaleShape } from '../en';

export const feed: LocaleShape['feed'] = {};
