import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

const JSON_TYPES = ['application/json', 'application/merge-patch+json', 'application/ld+json'];

/**
 * JSON bodies (plain, merge-patch for PATCH, ld+json): an empty body reads as `{}`
 * rather than an error, since clients send calls without payload with a JSON content
 * type; malformed JSON and prototype poisoning answer 400.
 */
export function registerJsonParsers(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // The API speaks JSON; a text body is refused with 415 instead of failing validation.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    JSON_TYPES,
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, {});
        return;
      }
      parse(request, text, (error, value) => {
        if (error) done(new ApiError(400, 'error.invalidJson'), undefined);
        else done(null, value);
      });
    },
  );
}
