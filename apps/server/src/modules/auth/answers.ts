import { z } from 'zod';
import { LOGIN_STATUS, TWO_FACTOR_METHODS } from '@memoria/domain';

/**
 * Response schemas of the session calls: they document the answers in OpenAPI and, since
 * the serializer keeps only listed keys, nothing else can leave the server by accident.
 */
export const tokenPairAnswer = z.object({
  token: z.string().describe('JWT access token (15 minutes)'),
  refresh_token: z.string().describe('opaque refresh token, rotated on every refresh'),
});

export const loginAnswer = z.union([
  tokenPairAnswer.extend({
    notice: z
      .string()
      .optional()
      .describe('said once after signing in, e.g. that a pending account deletion was cancelled'),
  }),
  z.object({
    status: z.enum([LOGIN_STATUS.twoFactorRequired, LOGIN_STATUS.emailCodeSent]),
    method: z.enum(TWO_FACTOR_METHODS),
  }),
]);

export const statusAnswer = z.object({ status: z.string() });

export const verificationAnswer = z.object({
  status: z.string(),
  token: z.string().optional(),
  refresh_token: z.string().optional(),
});

export const validAnswer = z.object({ valid: z.literal(true) });

export const twoFactorSetupAnswer = z.object({
  method: z.enum(TWO_FACTOR_METHODS),
  secret: z.string().optional(),
  otpauth_url: z.string().optional(),
  qr_code: z.string().optional().describe('PNG data URL of the otpauth QR code'),
  status: z.string().optional(),
});

export const twoFactorConfirmAnswer = z.object({
  two_factor_authentication: z.literal(true),
  method: z.enum(TWO_FACTOR_METHODS),
  backup_codes: z.array(z.string()),
});

export const backupCodesAnswer = z.object({ backup_codes: z.array(z.string()) });

export const twoFactorDisableAnswer = z.object({
  two_factor_authentication: z.literal(false),
  status: z.string(),
});

export const lockCodeAnswer = z.object({ exists: z.boolean(), status: z.string().optional() });
