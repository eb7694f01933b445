import { DEFAULT_LOCALE, isLocale, localeFromTag, type Locale } from '@memoria/domain';

/** The chosen language lives in a cookie named `language` (docs/SCREENS.md, Languages). */
export const LANGUAGE_COOKIE = 'language';

export function readLanguageCookie(cookie: string = document.cookie): Locale | undefined {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return isLocale(value) ? value : undefined;
    }
  }
  return undefined;
}

export function writeLanguageCookie(locale: Locale): void {
  const oneYear = 60 * 60 * 24 * 365;
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=${oneYear}; samesite=lax`;
}

/** Browser fallback: the first browser language we ship (fr gives fr_be), else en. */
export function browserLocale(languages: readonly string[] | undefined): Locale {
  for (const tag of languages ?? []) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/**
 * Start-up choice: the cookie, then a visitor's saved choice, then the browser languages.
 * The profile locale wins once it is known.
 */
export function initialLocale(guestChoice?: string): Locale {
  return (
    readLanguageCookie() ??
    (isLocale(guestChoice) ? guestChoice : undefined) ??
    browserLocale(navigator.languages?.length ? navigator.languages : [navigator.language])
  );
}
