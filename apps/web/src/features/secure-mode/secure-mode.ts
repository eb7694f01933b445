import { useSyncExternalStore } from 'react';
import { userSettings } from '../../session/settings';

/**
 * Secure mode (docs/SCREENS.md, Layout: "PIN-based secure mode"): while on, every route shows the
 * PIN unlock screen. Kept in settings-{userId} so a reload stays locked.
 */
const listeners = new Set<() => void>();

export function isSecureModeOn(userId: number | undefined): boolean {
  return userId !== undefined && userSettings.get(userId).secureMode === true;
}

export function setSecureMode(userId: number, on: boolean): void {
  userSettings.update(userId, { secureMode: on });
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSecureMode(userId: number | undefined): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isSecureModeOn(userId),
    () => false,
  );
}
