/** Validators of docs/DOMAIN.md, Validation, shared by the server and the web app. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const PHONE_PATTERN = /^\+\d{10,14}$/;
export const HEX_COLOUR_PATTERN = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** The custom profile colour is stricter: exactly six hex digits (docs/DOMAIN.md, Validation). */
export const CUSTOM_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const SLUG_PATTERN = /^[a-z0-9]{3,30}$/;
export const DOMAIN_URL_PATTERN =
  /^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(:\d+)?(\/\S*)?$/i;
export const PIN_PATTERN = /^\d{4,8}$/;
export const CODE_PATTERN = /^\d{6}$/;
export const PASSWORD_SPECIALS = '!@#$%^&*';

export function isEmail(value: string): boolean {
  return value === '' || EMAIL_PATTERN.test(value.trim());
}

/** Splits a list of emails separated by comma, semicolon or newline. */
export function splitEmails(value: string): string[] {
  return value
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export function isPhone(value: string): boolean {
  return value === '' || PHONE_PATTERN.test(value);
}

export function isHexColour(value: string): boolean {
  return HEX_COLOUR_PATTERN.test(value);
}

/** A URL that looks like a domain, with or without http(s):// (empty allowed). */
export function isDomainUrl(value: string): boolean {
  return value === '' || DOMAIN_URL_PATTERN.test(value.trim());
}

/** The host LinkedIn links must have (www. and country subdomains such as be. allowed). */
export const LINKEDIN_HOST = 'linkedin.com';

/** A link to a LinkedIn page: a domain-like URL whose host is linkedin.com (empty allowed). */
export function isLinkedinUrl(value: string): boolean {
  const text = value.trim();
  if (text === '') return true;
  if (!DOMAIN_URL_PATTERN.test(text)) return false;
  const host = (text.replace(/^https?:\/\//i, '').split(/[/:?#]/)[0] ?? '').toLowerCase();
  return host === LINKEDIN_HOST || host.endsWith(`.${LINKEDIN_HOST}`);
}

/**
 * A public profile slug: 3 to 30 lowercase letters or digits, no spaces or symbols, and at least
 * one letter: /p/profile/{value} opens a profile by id when the value is all digits, by slug
 * otherwise, so an all-digit slug could never be reached (docs/RULES.md, Public profile).
 */
export function isSlug(value: string): boolean {
  return SLUG_PATTERN.test(value) && /[a-z]/.test(value);
}

/**
 * Normalises a typed or pasted custom colour: prefixes '#' when missing.
 * Returns the colour when valid (six hex digits), otherwise undefined.
 */
export function normaliseCustomColour(input: string): string | undefined {
  const trimmed = input.trim();
  const withHash = trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
  return CUSTOM_COLOUR_PATTERN.test(withHash) ? withHash.toLowerCase() : undefined;
}

/** Strong password: at least 8 characters and 3 of 4 classes (docs/DOMAIN.md, Validation). */
export function passwordClasses(password: string): number {
  let classes = 0;
  if (/[a-z]/.test(password)) classes += 1;
  if (/[A-Z]/.test(password)) classes += 1;
  if (/\d/.test(password)) classes += 1;
  if (/[!@#$%^&*]/.test(password)) classes += 1;
  return classes;
}

export function isStrongPassword(password: string): boolean {
  return password.length >= 8 && passwordClasses(password) >= 3;
}

export function isTokenExpired(expiresAt: Date | string | number, now = Date.now()): boolean {
  return new Date(expiresAt).getTime() <= now;
}
