import { currentLocale } from '../../i18n';
import { formatNumber } from '../../i18n/format';

/** A file size as people read it: whole KB below a megabyte, MB with one decimal above. */
export function sizeText(bytes: number): string {
  const kb = bytes / 1024;
  if (kb < 1024) return `${formatNumber(Math.max(1, Math.round(kb)), currentLocale())} KB`;
  return `${formatNumber(Math.round((kb / 1024) * 10) / 10, currentLocale())} MB`;
}

/** The memo id at the end of a memo IRI (/api/memo/4 → 4). */
export const memoIdOf = (iri: string) => iri.split('/').pop() ?? '';
