import { z } from 'zod';
import { canListWorkspaces, canManageDelegation, type AccountFacts } from './permissions.js';
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

const flag = z.boolean({ error: 'validation.invalid' }).optional();

/** The rule flags a create or update may carry; left out means the default (create) or unchanged (update). */
const ruleFlags = {
  admin: flag,
  profile: flag,
  public_profile: flag,
  settings: flag,
  connections: flag,
  collections: flag,
  memos: flag,
  workspaces: flag,
} satisfies Record<RuleArea, typeof flag>;

const userRef = z.union([z.string().max(100, 'validation.invalid'), z.number()], {
  error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid'),
});

/**
 * POST /api/account/role (docs/API.md, Delegations): the account giving access (the caller's
 * account), the delegate (an active connection), and the flags. A live delegation of the
 * same pair is updated instead of duplicated.
 */
export const delegationCreateSchema = z.object({
  account_user: userRef.optional(),
  delegate_user: userRef,
  ...ruleFlags,
});
export type DelegationCreateInput = z.infer<typeof delegationCreateSchema>;

/** PATCH /api/account/role/{id}: the flags to change. */
export const delegationPatchSchema = z.object(ruleFlags);
export type DelegationPatchInput = z.infer<typeof delegationPatchSchema>;

/** The flags an input sets, without the pair. */
export function ruleFlagsOf(input: Partial<Record<RuleArea, boolean | undefined>>) {
  const flags: Partial<DelegationRules> = {};
  for (const area of RULE_AREAS) {
    const value = input[area];
    if (typeof value === 'boolean') flags[area] = value;
  }
  return flags;
}

/** A delegation in the lists of GET /api/account/role, with both names. */
export interface DelegationListItem extends Delegation {
  account_name: string;
  delegate_name: string;
  /** `given`: the caller's account gave it; `held`: the caller holds it */
  direction: 'given' | 'held';
  /** to switch in (POST /api/switch-user); only on delegations the caller holds */
  secure_token: string | null;
}

/** One write made while a delegate acted for the account (GET /api/account/role/audit). */
export interface DelegationAuditEntry {
  id: number;
  account_user: string;
  delegate_user: string;
  delegate_name: string;
  method: string;
  route: string;
  status: number;
  created_at: string;
}

/**
 * The right a write route needs from a delegate acting for an account (docs/RULES.md,
 * Delegated rights): a rule area, `any` (session mechanics every delegate may use: signing
 * out, switching back, reading notifications) or `none` (only the person themself: password,
 * e-mail, deletion, two-factor, sessions, exports, support requests).
 */
export type DelegateRight = RuleArea | 'any' | 'none';

/**
 * The messenger's writes (starting, changing and leaving conversations, sending, editing and
 * reacting to messages and their files) need the connections right: a delegate talks as the
 * account with its connections, which is what that right entrusts (docs/RULES.md, Delegated
 * rights).
 */
export const MESSENGER_DELEGATE_RIGHT: DelegateRight = 'connections';

/**
 * May a delegate holding `rules` on `account` call a write route that needs `right`? A route
 * that declares nothing is refused. `admin` is the manage-delegation rule and `workspaces`
 * the list-workspaces rule, both read with the delegation's flags.
 */
export function delegateMay(
  right: DelegateRight | undefined,
  rules: DelegationRules,
  account: AccountFacts,
): boolean {
  if (right === undefined || right === 'none') return false;
  if (right === 'any') return true;
  const acting = { ...account, rules };
  if (right === 'admin') return canManageDelegation(acting);
  if (right === 'workspaces') return canListWorkspaces(acting);
  return rules[right];
}
