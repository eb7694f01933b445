import { EMAIL_PATTERN, splitEmails } from '@memoria/domain';

export interface ParsedEmails {
  /** valid addresses, lower-cased, each once, in the order typed */
  valid: string[];
  /** entries that are not email addresses, as typed */
  invalid: string[];
}

/**
 * The invite dialog's address field: several addresses separated by comma, semicolon or
 * newline (docs/DOMAIN.md, Validation). Duplicates (case-insensitive) are sent once.
 */
export function parseEmailList(text: string): ParsedEmails {
  const valid: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  for (const entry of splitEmails(text.replace(/\r/g, ''))) {
    if (!EMAIL_PATTERN.test(entry)) {
      invalid.push(entry);
      continue;
    }
    const address = entry.toLowerCase();
    if (seen.has(address)) continue;
    seen.add(address);
    valid.push(address);
  }
  return { valid, invalid };
}
