import { z } from 'zod';
import { LOCALES } from './locales.js';
import { CODE_PATTERN, EMAIL_PATTERN, PIN_PATTERN, isStrongPassword } from './validators.js';

/**
 * Request schemas of the session calls (docs/API.md, Calls, Conventions).
 * Messages are keys of the shared message catalogue (./messages), translated by the
 * server per Accept-Language and by the web app per chosen language.
 */
export const usermailSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .min(1, 'validation.required')
  .max(254, 'validation.email')
  .regex(EMAIL_PATTERN, 'validation.email');

export const strongPasswordSchema = z
  .string({ error: 'validation.required' })
  .min(1, 'validation.required')
  .max(256, 'validation.passwordTooLong')
  .refine(isStrongPassword, 'validation.passwordWeak');

/** Any non-empty password (sign-in does not re-check strength). */
export const passwordSchema = z
  .string({ error: 'validation.required' })
  .min(1, 'validation.required')
  .max(256, 'validation.passwordTooLong');

export const codeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(32, 'validation.codeInvalid');

export const verificationCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(CODE_PATTERN, 'validation.codeInvalid');

export const localeSchema = z.enum(LOCALES, { error: 'validation.language' });

export const countrySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'validation.country')
  .transform((value) => value.toUpperCase());

export const credentialsSchema = z.object({
  usermail: usermailSchema,
  password: passwordSchema,
  /** Second-factor code (email, TOTP or backup code) on the second login call. */
  code: codeSchema.optional(),
});

export const signupSchema = z.object({
  usermail: usermailSchema,
  password: strongPasswordSchema,
  userProfile: z.object({
    name: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, 'validation.required')
      .max(100, 'validation.tooLong'),
    locale: localeSchema.default('en'),
    country: countrySchema.optional(),
  }),
});

export const verificationSchema = z.object({
  code: verificationCodeSchema,
  usermail: usermailSchema.optional(),
});

export const resendVerificationSchema = z.object({ usermail: usermailSchema.optional() });

export const refreshSchema = z.object({
  refresh_token: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
});

export const forgotPasswordSchema = z.object({ usermail: usermailSchema });

export const forgotPasswordConfirmSchema = z.object({
  password: strongPasswordSchema,
  userForgotPassword: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
});

export const resetPasswordSchema = z.object({
  password: passwordSchema,
  newPassword: strongPasswordSchema,
});

export const validatePasswordSchema = z.object({ password: passwordSchema });

export const TWO_FACTOR_METHODS = ['email', 'totp'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

export const twoFactorSetupSchema = z.object({
  method: z.enum(TWO_FACTOR_METHODS, { error: 'validation.twoFactorMethod' }).default('totp'),
});

export const twoFactorConfirmSchema = z.object({ code: codeSchema });

export const twoFactorDisableSchema = z.object({ password: passwordSchema });

export const lockCodeSchema = z.object({
  lock_code: z.string({ error: 'validation.required' }).regex(PIN_PATTERN, 'validation.pinFormat'),
  /** Required to change an existing PIN. */
  current_lock_code: z.string().optional(),
});

export { LOGIN_STATUS, LOGIN_ERROR } from './protocol.js';
import type { LOGIN_STATUS } from './protocol.js';

export interface TokenPair {
  token: string;
  refresh_token: string;
}

export type LoginAnswer =
  | (TokenPair & { notice?: string })
  | { status: (typeof LOGIN_STATUS)[keyof typeof LOGIN_STATUS]; method: TwoFactorMethod };

export interface TwoFactorSetupAnswer {
  method: TwoFactorMethod;
  /** TOTP only */
  secret?: string;
  otpauth_url?: string;
  /** PNG data URL of the otpauth QR code (TOTP only) */
  qr_code?: string;
  status?: string;
}

export interface TwoFactorConfirmAnswer {
  two_factor_authentication: true;
  method: TwoFactorMethod;
  backup_codes: string[];
}

/** POST /api/logout (our addition): the refresh token ends its session when the access token has expired. */
export const logoutSchema = z.object({ refresh_token: z.string().max(200).optional() });

/** Answers of the session calls that carry a translated status line. */
export interface StatusAnswer {
  status: string;
}

/** POST /api/user/account/verification: with the signup session it also carries the new full session. */
export type VerificationAnswer = StatusAnswer & Partial<TokenPair>;

/** GET /api/profile/2fa-backup */
export interface BackupCodesAnswer {
  backup_codes: string[];
}

/** POST /api/profile/2fa-disable */
export interface TwoFactorDisableAnswer {
  two_factor_authentication: false;
  status: string;
}

/** GET /api/lock-code-exist; PATCH /api/lock-code and GET /api/lock-code-reset add a status. */
export interface LockCodeAnswer {
  exists: boolean;
  status?: string;
}

/** POST /api/validate-password, GET /api/lock-code-validate/{value} */
export interface ValidAnswer {
  valid: true;
}
