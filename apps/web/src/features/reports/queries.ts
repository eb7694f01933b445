import { useMutation } from '@tanstack/react-query';
import { iri, type ReportAnswer, type ReportType } from '@memoria/domain';
import { api } from '../../api/client';

/** What is reported: a memo, a collection (10-character id) or a person's profile. */
export type ReportTarget =
  | { type: 'memo'; id: number | string }
  | { type: 'collection'; id: string }
  | { type: 'profile'; id: number };

const PATH: Record<ReportType, (id: number | string) => string> = {
  memo: (id) => `/memo/${id}`,
  collection: (id) => `/collections/${id}`,
  profile: (id) => `/profile/${id}`,
};

/** The page a moderator opens to see the reported item. */
export function reportLink(target: ReportTarget, origin = window.location.origin): string {
  return `${origin}${PATH[target.type](target.id)}`;
}

/** The body of POST /api/support/request for a report (docs/API.md, Calls: Reports and support). */
export function reportBody(target: ReportTarget, reason: string, origin?: string) {
  const item =
    target.type === 'memo'
      ? { memo: iri('memo', target.id) }
      : target.type === 'collection'
        ? { collection: iri('collection', target.id) }
        : { user: iri('user', target.id) };
  return { type: target.type, reason: reason.trim(), link: reportLink(target, origin), ...item };
}

export function useSendReport() {
  return useMutation({
    mutationFn: ({ target, reason }: { target: ReportTarget; reason: string }) =>
      api.post<ReportAnswer>('/api/support/request', reportBody(target, reason)),
  });
}
