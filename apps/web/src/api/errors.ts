/** API errors and the error-text rule of docs/API.md, Errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The text the server gave (already translated per Accept-Language), if any. */
  readonly serverMessage: string | undefined;

  constructor(status: number, body: unknown) {
    const serverMessage = extractErrorText(body);
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.serverMessage = serverMessage;
  }

  /** The protocol `error` value (login answers), if any. */
  get code(): string | undefined {
    const body = this.body as { error?: unknown } | null;
    return typeof body?.error === 'string' ? body.error : undefined;
  }

  get detail(): string | undefined {
    const body = this.body as { detail?: unknown } | null;
    return typeof body?.detail === 'string' ? body.detail : undefined;
  }
}

function asText(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (value && typeof value === 'object' && 'message' in value) {
    const message = (value as { message: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

function firstEntry(value: unknown): string | undefined {
  if (Array.isArray(value)) return asText(value[0]);
  if (value && typeof value === 'object') {
    for (const entry of Object.values(value)) {
      const text = asText(entry);
      if (text) return text;
      break;
    }
  }
  return undefined;
}

/**
 * Error text, from the first available of: first violation, response message, data message,
 * first data entry, first of errors (docs/API.md, Errors). Returns undefined when none exists, so
 * the caller shows the generic server-error text.
 */
export function extractErrorText(body: unknown): string | undefined {
  if (typeof body === 'string') return asText(body);
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const violations = record.violations;
  if (Array.isArray(violations)) {
    const text = asText(violations[0]);
    if (text) return text;
  }
  const fromMessage = asText(record.message);
  if (fromMessage) return fromMessage;
  const data = record.data;
  if (data && typeof data === 'object') {
    const dataMessage = asText((data as Record<string, unknown>).message);
    if (dataMessage) return dataMessage;
    const entry = firstEntry(data);
    if (entry) return entry;
  }
  const errors = record.errors;
  if (Array.isArray(errors)) return asText(errors[0]);
  return undefined;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
