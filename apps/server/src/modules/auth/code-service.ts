import { AUTH } from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { readTime } from '../../db/dialect.js';
import { backupCode, hashCode, normaliseBackupCode, numericCode, sameHash } from './tokens.js';
import {
  countCodeTry,
  deleteCode,
  findCode,
  replaceBackupCodes,
  replaceCode,
  useBackupCode,
} from './store.js';

export type CodePurpose = 'verification' | 'login' | 'two_factor_setup';
export type CodeCheck = 'ok' | 'wrong' | 'expired';

/** Emailed 6-digit codes (stored keyed-hashed, expiring, few tries) and backup codes. */
export function createCodeService(ctx: AppContext) {
  const { db, dialect } = ctx.database;
  const pepper = ctx.secrets.codePepper;

  return {
    async issue(userId: number, purpose: CodePurpose): Promise<string> {
      const code = numericCode();
      await replaceCode(db, dialect, {
        userId,
        purpose,
        hash: hashCode(pepper, userId, purpose, code),
        expiresAt: new Date(Date.now() + AUTH.codeTtlMinutes * 60_000),
      });
      return code;
    },

    async check(userId: number, purpose: CodePurpose, code: string): Promise<CodeCheck> {
      const stored = await findCode(db, userId, purpose);
      if (!stored) return 'expired';
      const expires = readTime(stored.expires_at);
      if (!expires || expires.getTime() <= Date.now() || stored.tries >= AUTH.codeMaxTries) {
        return 'expired';
      }
      if (!sameHash(stored.code_hash, hashCode(pepper, userId, purpose, code.trim()))) {
        await countCodeTry(db, stored.id);
        return stored.tries + 1 >= AUTH.codeMaxTries ? 'expired' : 'wrong';
      }
      return (await deleteCode(db, stored.id)) ? 'ok' : 'expired';
    },

    /** A fresh set of backup codes; the previous set stops working. */
    async newBackupCodes(userId: number): Promise<string[]> {
      const codes = Array.from({ length: AUTH.backupCodeCount }, backupCode);
      const hashes = codes.map((c) => hashCode(pepper, userId, 'backup', normaliseBackupCode(c)));
      await replaceBackupCodes(db, dialect, userId, hashes);
      return codes;
    },

    dropBackupCodes: (userId: number) => replaceBackupCodes(db, dialect, userId, []),

    /** Each backup code works once. */
    useBackupCode(userId: number, input: string): Promise<boolean> {
      const normalised = normaliseBackupCode(input);
      if (!/^[a-z0-9]{8}$/.test(normalised)) return Promise.resolve(false);
      return useBackupCode(db, dialect, userId, hashCode(pepper, userId, 'backup', normalised));
    },
  };
}

export type CodeService = ReturnType<typeof createCodeService>;
