import { idFromIri, iri } from '@memoria/domain';
import { z } from 'zod';

export { iri };

/** An integer id from an IRI (`/api/user/12`) or a bare id (`12` or 12). */
export function intIdFromIri(value: unknown, kind?: string): number | undefined {
  const raw = idFromIri(value, kind);
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** A zod schema accepting an IRI or bare id of `kind`, giving the integer id. */
export function iriRef(kind: string) {
  return z.union([z.string(), z.number()]).transform((value, ctx) => {
    const id = intIdFromIri(value, kind);
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
      return z.NEVER;
    }
    return id;
  });
}
