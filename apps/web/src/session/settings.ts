/**
 * Local settings (docs/RULES.md, Limits): `settings` for the browser, `settings-{userId}` for a
 * signed-in user, `settings-guest` for a visitor. Each is one JSON object in localStorage.
 */
export interface BrowserSettings {
  /** The last route before logout, offered again after the next login. */
  lastRoute?: string;
  /** Set after the first successful login on this browser. */
  hasLoggedIn?: boolean;
  /** A few user fields so the first paint has the right name, colour and locale. */
  user?: { id: number; name: string; locale: string; custom_colour: string | null };
}

export interface UserSettings {
  /** Secure mode: while on, every route shows the PIN unlock screen. */
  secureMode?: boolean;
}

export interface GuestSettings {
  /** A visitor's language choice (the cookie holds it too; this survives cookie clearing). */
  locale?: string;
}

export function settingsKey(scope: 'browser' | 'guest' | number): string {
  if (scope === 'browser') return 'settings';
  if (scope === 'guest') return 'settings-guest';
  return `settings-${scope}`;
}

function read<T>(key: string): T {
  try {
    const raw = localStorage.getItem(key);
    return (raw ? JSON.parse(raw) : {}) as T;
  } catch {
    return {} as T;
  }
}

function write<T extends object>(key: string, patch: Partial<T>): T {
  const next = { ...read<T>(key), ...patch };
  localStorage.setItem(key, JSON.stringify(next));
  return next;
}

export const browserSettings = {
  get: () => read<BrowserSettings>(settingsKey('browser')),
  update: (patch: Partial<BrowserSettings>) =>
    write<BrowserSettings>(settingsKey('browser'), patch),
};

export const userSettings = {
  get: (userId: number) => read<UserSettings>(settingsKey(userId)),
  update: (userId: number, patch: Partial<UserSettings>) =>
    write<UserSettings>(settingsKey(userId), patch),
};

export const guestSettings = {
  get: () => read<GuestSettings>(settingsKey('guest')),
  update: (patch: Partial<GuestSettings>) => write<GuestSettings>(settingsKey('guest'), patch),
};
