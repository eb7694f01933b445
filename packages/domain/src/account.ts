import { z } from 'zod';
import { passwordSchema, usermailSchema } from './auth.js';

/**
 * The account's self-service (docs/RULES.md, The account; docs/API.md, The account): e-mail
 * change, deletion, sessions and devices, data export, help links.
 */
export const ACCOUNT = {
  /** how long the e-mail change link works */
  emailChangeTtlHours: 24,
  /** default grace period before a deletion is carried out (ACCOUNT_DELETION_GRACE_DAYS) */
  deletionGraceDaysDefault: 7,
  deletionReasonMax: 1000,
  /** how long a finished data export can be downloaded */
  exportTtlDays: 7,
} as const;

export const emailChangeSchema = z.object({
  usermail: usermailSchema,
  password: passwordSchema,
});

export const emailChangeConfirmSchema = z.object({
  token: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(200, 'validation.invalid'),
});

export const accountDeletionSchema = z.object({
  reason: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(ACCOUNT.deletionReasonMax, 'validation.tooLong'),
  password: passwordSchema,
});

export interface SignedInSession {
  id: number;
  /** from the user agent (describeUserAgent); null when not recognised */
  browser: string | null;
  system: string | null;
  ip: string | null;
  created_at: string;
  last_used_at: string | null;
  current: boolean;
  /** acting for another account through a delegation */
  delegated: boolean;
}

export type DataExportStatus = 'queued' | 'ready' | 'failed';

export interface DataExportAnswer {
  id: number;
  status: DataExportStatus;
  created_at: string;
  ready_at: string | null;
  expires_at: string | null;
  size: number | null;
}

export const HELP_DOCUMENTS = [
  'questions-and-answers',
  'privacy',
  'about-us',
  'service-conditions',
  'contact',
] as const;
export type HelpDocument = (typeof HELP_DOCUMENTS)[number];

export interface DocumentLocation {
  document_type: HelpDocument;
  link: string;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * The browser and system of a User-Agent header, for the sessions list: a short guess (the
 * header is the client's word); null for what is not recognised.
 */
export function describeUserAgent(userAgent: string | null | undefined): {
  browser: string | null;
  system: string | null;
} {
  const agent = userAgent ?? '';
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? null,
    system: SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1] ?? null,
  };
}
