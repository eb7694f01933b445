import { hash, verify } from '@node-rs/argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  /** spends the time of one verification, so unknown accounts answer as slowly as known ones */
  waste(password: string): Promise<void>;
}

// Algorithm.Argon2id is an ambient const enum, which isolatedModules cannot read.
const ARGON2ID = 2;

const COSTS = {
  standard: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
  // Tests only: the same algorithm at the smallest cost, to keep the suite fast.
  fast: { memoryCost: 64, timeCost: 1, parallelism: 1 },
} as const;

export function createPasswordHasher(mode: 'standard' | 'fast'): PasswordHasher {
  const options = { ...COSTS[mode], algorithm: ARGON2ID };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    async verify(hashed, password) {
      try {
        return await verify(hashed, password);
      } catch {
        return false;
      }
    },
    async waste(password) {
      dummy ??= hash('memoria-timing-equaliser', options);
      await verify(await dummy, password).catch(() => false);
    },
  };
}
