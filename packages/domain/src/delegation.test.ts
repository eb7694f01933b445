import { describe, expect, it } from 'vitest';
import {
  DELEGATION_RULE_DEFAULTS,
  delegateMay,
  delegationCreateSchema,
  delegationPatchSchema,
  delegationRules,
  ruleFlagsOf,
} from './delegation.js';
import { RULE_AREAS } from './rules.js';

const only = (area: (typeof RULE_AREAS)[number]) =>
  delegationRules(Object.fromEntries(RULE_AREAS.map((a) => [a, a === area])));

describe('delegateMay (docs/RULES.md, Delegated rights)', () => {
  const normal = { user_type: 'normal' };
  const main = { user_type: 'main' };

  it('an area right allows exactly the routes needing it', () => {
    expect(delegateMay('memos', only('memos'), normal)).toBe(true);
    expect(delegateMay('memos', only('collections'), normal)).toBe(false);
    expect(delegateMay('collections', only('collections'), normal)).toBe(true);
  });

  it('any lets every delegate through; none and an undeclared route nobody', () => {
    expect(delegateMay('any', only('memos'), normal)).toBe(true);
    expect(delegateMay('none', DELEGATION_RULE_DEFAULTS, main)).toBe(false);
    expect(delegateMay(undefined, DELEGATION_RULE_DEFAULTS, main)).toBe(false);
  });

  it('admin is manage-delegation: a workspace or main account only', () => {
    expect(delegateMay('admin', only('admin'), main)).toBe(true);
    expect(delegateMay('admin', only('admin'), { user_type: 'workspace' })).toBe(true);
    expect(delegateMay('admin', only('admin'), normal)).toBe(false);
    expect(delegateMay('admin', only('memos'), main)).toBe(false);
  });

  it('workspaces is list-workspaces: a main account with the workspaces or admin right', () => {
    expect(delegateMay('workspaces', only('workspaces'), main)).toBe(true);
    expect(delegateMay('workspaces', only('admin'), main)).toBe(true);
    expect(delegateMay('workspaces', only('workspaces'), normal)).toBe(false);
  });
});

describe('delegation input', () => {
  it('takes the pair and flags; refuses a flag that is not a boolean', () => {
    expect(delegationCreateSchema.safeParse({ delegate_user: '/api/user/3' }).success).toBe(true);
    expect(delegationCreateSchema.safeParse({}).success).toBe(false);
    expect(delegationCreateSchema.safeParse({ delegate_user: 3, memos: 'no' }).success).toBe(false);
    expect(delegationPatchSchema.safeParse({ admin: true }).success).toBe(true);
  });

  it('ruleFlagsOf keeps only the flags given', () => {
    expect(ruleFlagsOf({ memos: false, admin: undefined })).toEqual({ memos: false });
  });
});
