import { TIMINGS } from '@memoria/domain';
import { isApiError } from '../api/errors';
import { t } from '../i18n';
import { show } from './toast-queue';

/**
 * Toasts (docs/RULES.md, Limits): 2000 ms by default, 3500 ms for server errors, 0 = until closed.
 */
function autoClose(ms: number): number | false {
  return ms === 0 ? false : ms;
}

export function showSuccess(message: string, ms: number = TIMINGS.toastDefaultMs): void {
  show({ message, color: 'teal', autoClose: autoClose(ms) });
}

export function showInfo(message: string, ms: number = TIMINGS.toastDefaultMs): void {
  show({ message, autoClose: autoClose(ms) });
}

export function showError(message: string, ms: number = TIMINGS.toastDefaultMs): void {
  show({ message, color: 'red', autoClose: autoClose(ms) });
}

/**
 * The text to show for a failed call: the server's message; without one, what failed: the
 * server (it answered with an error) or the connection (no answer at all, status 0 or a
 * fetch that threw), so a refused or failed upload is not blamed on the network.
 */
export function errorText(error: unknown): string {
  if (isApiError(error) && error.status > 0) {
    if (error.status === 403 && error.detail === 'Storage limit exceeded') {
      return t('errors.quota');
    }
    if (error.serverMessage) return error.serverMessage;
    return error.status >= 500 ? t('errors.serverFailed') : t('errors.unknown');
  }
  return t('errors.server');
}

export function showApiError(error: unknown): void {
  const specific = isApiError(error) && Boolean(error.serverMessage);
  showError(errorText(error), specific ? TIMINGS.toastDefaultMs : TIMINGS.toastServerErrorMs);
}
