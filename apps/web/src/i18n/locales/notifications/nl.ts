import type { LocaleShape } from '../en';

export const notifications: LocaleShape['notifications'] = {};
