export const STAGING_CONFIRMED_KEY = 'staging-confirmed';

/** Staging is a host starting with "staging" or "localhost" (docs/API.md, Errors). */
export function isStagingHost(hostname: string = window.location.hostname): boolean {
  return /^(staging|localhost)/i.test(hostname);
}

/** Whether login or signup must first ask for the staging confirmation (once per session). */
export function needsStagingConfirmation(hostname?: string): boolean {
  return isStagingHost(hostname) && !sessionStorage.getItem(STAGING_CONFIRMED_KEY);
}

export function rememberStagingConfirmation(): void {
  sessionStorage.setItem(STAGING_CONFIRMED_KEY, '1');
}
