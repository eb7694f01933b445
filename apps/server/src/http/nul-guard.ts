import type { FastifyInstance } from 'fastify';
import { ValidationFailed } from './errors.js';

/** Where the first NUL character sits in a parsed value (PostgreSQL text refuses it). */
export function findNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * No text with a NUL character reaches a store: PostgreSQL cannot hold it, SQLite would cut
 * it short. The caller gets a 422 naming the field, on every route at once.
 */
export function registerNulGuard(app: FastifyInstance): void {
  // a callback hook: on every request, so no promise for it
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findNul(part);
      if (path) {
        done(
          new ValidationFailed([
            { propertyPath: path.join('.') || 'body', key: 'validation.invalid' },
          ]),
        );
        return;
      }
    }
    done();
  });
}
