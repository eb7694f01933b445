/** Hydra collection shape (docs/API.md, Conventions). */
export interface HydraCollection<T> {
  '@context': string;
  '@id': string;
  '@type': 'hydra:Collection';
  'hydra:member': T[];
  'hydra:totalItems': number;
}

export interface ConstraintViolation {
  propertyPath: string;
  message: string;
  code?: string;
}

export interface ConstraintViolationList {
  '@type': 'ConstraintViolationList';
  status: 422;
  title: string;
  detail: string;
  violations: ConstraintViolation[];
}

/** The uniform error body of every non-422 error. */
export interface ApiErrorBody {
  status: number;
  title: string;
  /** canonical English text a client may match on, e.g. 'Storage limit exceeded' */
  detail: string;
  /** the same, translated per Accept-Language */
  message: string;
  /** protocol values docs/API.md names (login answers) */
  error?: string;
}

export function iri(
  kind: 'user' | 'collection' | 'thread' | 'thread/message' | 'product' | 'memo' | 'order',
  id: string | number,
): string {
  return `/api/${kind}/${id}`;
}

/** Accepts an IRI (`/api/user/12`) or a bare id (`12`) and returns the id, or undefined. */
export function idFromIri(value: unknown, kind?: string): string | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (typeof value !== 'string' || value === '') return undefined;
  if (!value.includes('/')) return value;
  const match = /^\/api\/([a-z_/]+)\/([A-Za-z0-9]+)$/.exec(value);
  if (!match) return undefined;
  if (kind && match[1] !== kind) return undefined;
  return match[2];
}
