import { useQuery } from '@tanstack/react-query';
import type { DocumentLocation, HelpDocument } from '@memoria/domain';
import { api } from '../api/client';
import { currentLocale } from '../i18n';

const SITE_URL = import.meta.env.VITE_SITE_URL ?? 'https://memoria.example';

/** Where a help document is before the server said (or if it cannot be asked). */
export function fallbackHelpUrl(document: HelpDocument): string {
  return `${SITE_URL}/${currentLocale().replace('_', '-')}/${document}`;
}

/**
 * The operator's help link for `document` in the current language
 * (GET /api/document/location, docs/RULES.md, Help and legal); kept for the session.
 */
export function useHelpLink(document: HelpDocument): string {
  const locale = currentLocale();
  const links = useQuery({
    queryKey: ['document', 'location', locale],
    queryFn: () =>
      api.get<DocumentLocation[]>('/api/document/location', {
        query: { locale },
        anonymous: true,
      }),
    staleTime: Infinity,
    retry: false,
  });
  return (
    links.data?.find((entry) => entry.document_type === document)?.link ?? fallbackHelpUrl(document)
  );
}
