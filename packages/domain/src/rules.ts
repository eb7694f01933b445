/** Rule flags (docs/DOMAIN.md, Entities: Rules): each counts as allowed unless explicitly false. */
export const RULE_AREAS = [
  'workspaces',
  'settings',
  'public_profile',
  'profile',
  'memos',
  'connections',
  'collections',
  'admin',
] as const;
export type RuleArea = (typeof RULE_AREAS)[number];

/** Plan rules (docs/RULES.md, Plans) live beside the area flags. */
export interface UserRules extends Partial<Record<RuleArea, boolean>> {
  has_subscription?: boolean;
  bronze?: boolean;
  silver?: boolean;
  /** a group or workspace plan runs: its collections keep document versions */
  document_versioning?: boolean;
}

export function ruleAllows(rules: UserRules | undefined, area: RuleArea): boolean {
  return rules?.[area] !== false;
}
