import type { UserRules } from '@memoria/domain';

/** The personal plans of docs/RULES.md, Plans (workspaces and groups are accounts of their own). */
export const PLAN_NAMES = ['free', 'bronze', 'silver'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

const GB = 1024 ** 3;

export interface PlanGrant {
  /** the rule flags this plan sets; every plan sets all three so a change clears the others */
  rules: Required<Pick<UserRules, 'has_subscription' | 'bronze' | 'silver'>>;
  /** storage included with the plan, in bytes */
  storageBytes: number;
  /** user_has_extended_subscription (Bronze, personal) */
  extended: boolean;
  /** user_has_professional_subscription (Silver, professional) */
  professional: boolean;
}

export const PLANS: Record<PlanName, PlanGrant> = {
  free: {
    rules: { has_subscription: false, bronze: false, silver: false },
    storageBytes: 1 * GB,
    extended: false,
    professional: false,
  },
  bronze: {
    rules: { has_subscription: true, bronze: true, silver: false },
    storageBytes: 10 * GB,
    extended: true,
    professional: false,
  },
  silver: {
    rules: { has_subscription: true, bronze: false, silver: true },
    storageBytes: 100 * GB,
    extended: false,
    professional: true,
  },
};

export function isPlanName(value: unknown): value is PlanName {
  return typeof value === 'string' && (PLAN_NAMES as readonly string[]).includes(value);
}

/** The plan of a stored row; anything unknown counts as free. */
export function planOf(value: unknown): PlanGrant {
  return PLANS[isPlanName(value) ? value : 'free'];
}

export const BYTES_PER_GB = GB;
