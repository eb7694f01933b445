import type { WorkspaceType } from '@memoria/domain';

/** The subscription routes (docs/notes/subscriptions.md, The web app). */
export const SUBSCRIPTIONS_PATH = '/account-settings/subscriptions';
export const PAYMENT_SUCCESS_PATH = `${SUBSCRIPTIONS_PATH}/success`;
export const PAYMENT_FAILED_PATH = `${SUBSCRIPTIONS_PATH}/fail`;
export const ACCOUNT_SETTINGS_PATH = '/account-settings';

/** subscriptionPlan: one plan, with the billing form. */
export function planPath(id: number): string {
  return `${SUBSCRIPTIONS_PATH}/${id}`;
}

/** The plan picker showing only the group or workspace plans of `kinds`. */
export function plansOfKind(...kinds: WorkspaceType[]): string {
  return `${SUBSCRIPTIONS_PATH}?workspace_type=${kinds.join(',')}`;
}

/** The kinds `plansOfKind` asked for, from the address; empty for every plan. */
export function kindsAsked(search: URLSearchParams): string[] {
  return (search.get('workspace_type') ?? '').split(',').filter((kind) => kind !== '');
}
