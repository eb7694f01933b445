import type { AccountFacts, UserRules } from '@memoria/domain';
import { readBool, readJson } from '../../db/dialect.js';
import { planOf } from './plans.js';

/** The stored columns of a user the permission rules read. */
export interface StoredAccount {
  user_type: string;
  workspace_type?: string | null;
  /** free | bronze | silver; absent counts as free */
  plan?: string | null;
  /** the stored rule flags (JSON): area flags and granted plan flags */
  rules: unknown;
  /** calls allowed without a plan (absent: not allowed) */
  webcalls_allowed?: unknown;
}

/**
 * A stored user as the permission rules of @memoria/domain read it (see docs/RULES.md,
 * Plans): the plan gives the subscription flags, the stored rules stay grants.
 */
export function accountFactsOf(row: StoredAccount): AccountFacts {
  const plan = planOf(row.plan);
  return {
    user_type: row.user_type,
    workspace_type: row.workspace_type ?? null,
    user_has_professional_subscription: plan.professional,
    user_has_extended_subscription: plan.extended,
    rules: readJson<UserRules>(row.rules, {}),
    webcalls_allowed: readBool(row.webcalls_allowed),
  };
}
