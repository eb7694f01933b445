import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Content-Security-Policy the web app runs under. Mantine injects <style> tags, hence
 * 'unsafe-inline' for styles only; scripts come from our own origin. Swagger UI at
 * /api/docs loads only same-origin scripts and styles, so it works under the same policy.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * A Content-Security-Policy that also allows one inline script by its hash source
 * (`'sha256-…'`): the boot script the served index.html carries (web-page.ts). A policy
 * without its own script-src is left as it is rather than loosened; the page then runs
 * without the boot script's head start.
 */
export function withScriptHash(policy: string, hash: string): string {
  const directives = policy.split(';').map((d) => d.trim());
  const at = directives.findIndex((d) => /^script-src(\s|$)/i.test(d));
  if (at < 0) return policy;
  directives[at] = `${directives[at]} ${hash}`;
  return directives.join(';');
}

/** The origin of a tile URL template such as https://tile.example/{z}/{x}/{y}.png. */
export function tileOrigin(template: string): string | undefined {
  try {
    return new URL(template.replace(/[{}]/g, '')).origin;
  } catch {
    return undefined;
  }
}

/**
 * The headers helmet sets for these options, worked out once. Helmet's middleware builds
 * its Content-Security-Policy value on every call (its directives may hold per-request
 * functions, ours hold none); the same fixed set is added to each answer instead.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let called = false;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error(String(error));
      called = true;
    },
  );
  if (!called) throw new Error('helmet did not finish synchronously');
  return headers;
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { mapTileUrl?: string } = {},
): Promise<void> {
  const tiles = options.mapTileUrl ? tileOrigin(options.mapTileUrl) : undefined;
  const directives = {
    ...CSP_DIRECTIVES,
    imgSrc: tiles ? [...CSP_DIRECTIVES.imgSrc, tiles] : CSP_DIRECTIVES.imgSrc,
  };
  const headers = securityHeaders({
    // Defaults off: helmet would add upgrade-insecure-requests, which breaks plain-HTTP hosts.
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
