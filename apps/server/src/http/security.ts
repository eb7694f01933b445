import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

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

/** The origin of a tile URL template such as https://tile.example/{z}/{x}/{y}.png. */
export function tileOrigin(template: string): string | undefined {
  try {
    return new URL(template.replace(/[{}]/g, '')).origin;
  } catch {
    return undefined;
  }
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
  await app.register(helmet, {
    // Defaults off: helmet would add upgrade-insecure-requests, which breaks plain-HTTP hosts.
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginEmbedderPolicy: false,
  });
}
