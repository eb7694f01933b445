import type { LocaleShape } from '../en';

export const engagement: LocaleShape['engagement'] = {};
