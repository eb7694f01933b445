import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { localeFromAcceptLanguage, type MessageKey } from '@memoria/domain';
import { ApiError, ValidationFailed } from './errors.js';
import { errorBody, violationBody } from './error-body.js';
import { violationsFromIssues, type IssueLike } from './zod-violations.js';

const KEY_BY_STATUS: Record<number, MessageKey> = {
  400: 'error.badRequest',
  401: 'error.unauthorized',
  403: 'error.forbidden',
  404: 'error.notFound',
  405: 'error.methodNotAllowed',
  409: 'error.conflict',
  413: 'error.payloadTooLarge',
  415: 'error.unsupportedMediaType',
  429: 'error.tooManyRequests',
};

export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

export function registerErrorHandling(
  app: FastifyInstance,
  fallback: { current?: NotFoundFallback } = {},
): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const locale = request.locale;
    if (error instanceof ApiError) {
      if (error.options.headers) reply.headers(error.options.headers);
      return reply
        .code(error.status)
        .send(
          errorBody(error.status, error.key, locale, error.options.params, error.options.extra),
        );
    }
    if (error instanceof ValidationFailed) {
      return reply.code(422).send(violationBody(error.violations, locale));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext ?? 'body';
      const input = (request as unknown as Record<string, unknown>)[context];
      const issues: IssueLike[] = error.validation.map((v) => ({
        ...(v.params as Partial<IssueLike>),
        code: v.keyword,
        path: v.instancePath
          .split('/')
          .slice(1)
          .filter((p) => p !== '')
          .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        message: v.message ?? '',
      }));
      return reply.code(422).send(violationBody(violationsFromIssues(issues, input), locale));
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const key = KEY_BY_STATUS[status] ?? 'error.badRequest';
      const retryAfter = Number(reply.getHeader('retry-after'));
      const minutes = Number.isFinite(retryAfter) ? Math.max(1, Math.ceil(retryAfter / 60)) : 15;
      return reply.code(status).send(errorBody(status, key, locale, { minutes }));
    }
    if (isBusyDatabase(error)) {
      // Load, not a fault: the database waited its limit for a lock (an operator command
      // holding SQLite's write lock, a PostgreSQL deadlock victim). The client may retry.
      request.log.warn({ err: error }, 'database busy');
      reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      return reply.code(503).send(errorBody(503, 'error.busy', locale));
    }
    if (isDataException(error)) {
      // A value the validation let through that the database still refuses is the
      // client's input, not a server fault; it is logged to tighten the schema.
      request.log.warn({ err: error }, 'database refused a value');
      return reply.code(400).send(errorBody(400, 'error.badRequest', locale));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(errorBody(500, 'error.server', locale));
  });

  app.setNotFoundHandler((request, reply) => {
    if (fallback.current?.(request, reply)) return reply;
    return reply.code(404).send(errorBody(404, 'error.notFound', request.locale));
  });
}

/**
 * Errors Fastify raises before routing (a URL that does not decode, an invalid constraint)
 * bypass the error handler; they get the uniform body too.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const locale = localeFromAcceptLanguage(request.headers['accept-language']);
  void reply
    .code(status)
    .send(errorBody(status, KEY_BY_STATUS[status] ?? 'error.badRequest', locale));
}

/** Seconds a client is asked to wait after a busy database answer. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/** PostgreSQL states that mean "try again": serialization, deadlock, lock or connection limits. */
const PG_BUSY_STATES = new Set(['40001', '40P01', '55P03', '53300', '57P03']);

/** SQLite's busy or locked result (after busy_timeout), or a PostgreSQL retry state. */
export function isBusyDatabase(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return false;
  return /^SQLITE_(BUSY|LOCKED)/.test(code) || PG_BUSY_STATES.has(code);
}

/** PostgreSQL's class 22 "data exception" (bad encoding, out-of-range number, too long). */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}
