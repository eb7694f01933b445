import { z } from 'zod';
import { RULE_AREAS, type RuleArea } from './rules.js';

/**
 * Delegations (docs/DOMAIN.md, Entities): a delegate acts for an account. The rule flags are the
 * rule areas; admin is off unless granted, every other area is on.
 */
export type DelegationRules = Record<RuleArea, boolean>;

export const DELEGATION_RULE_DEFAULTS: DelegationRules = {
  ...(Object.fromEntries(RULE_AREAS.map((area) => [area, true])) as DelegationRules),
  admin: false,
};

/** Fills the flags a caller left out with their defaults. */
export function delegationRules(partial: Partial<DelegationRules> = {}): DelegationRules {
  const rules = { ...DELEGATION_RULE_DEFAULTS };
  for (const area of RULE_AREAS) {
    const value = partial[area];
    if (typeof value === 'boolean') rules[area] = value;
  }
  return rules;
}

/**
 * POST /api/switch-user: the account to act for (an /api/user/{id} IRI or a bare id) and
 * the delegation's secure token. Switching back to one's own account needs no token.
 */
export const switchUserSchema = z.object({
  account_user: z.union([z.string().max(100, 'validation.invalid'), z.number()], {
    error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid'),
  }),
  secure_token: z.string().max(200, 'validation.tooLong').nullish(),
});

/** The person actually signed in while a session acts for another account. */
export interface RootUser {
  id: number;
  '@id': string;
  name: string;
}

/** A delegation as the API answers it: the pair as /api/user/{id} references, and its flags. */
export interface Delegation extends DelegationRules {
  id: number;
  account_user: string;
  delegate_user: string;
  created_at: string;
}
