import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { NotFoundFallback } from './error-handler.js';
import { webPages } from './web-page.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The build writes these siblings (apps/web/build/precompress.ts); headers follow the original. */
const COMPRESSED_SUFFIX = /\.(?:br|gz)$/;

/**
 * Serves the built web app when WEB_DIST/index.html exists. Hashed files under /assets/
 * are cached for a year; index.html is always revalidated so a deploy shows at once.
 * The build writes .br and .gz siblings of the text files; a client that accepts them gets
 * the compressed file (Content-Encoding, Vary: Accept-Encoding), any other the original.
 * Returns the SPA fallback for the not-found handler: any GET outside /api that accepts
 * HTML gets index.html, as `/` does, with the preloads of the screen at that address
 * (web-page.ts).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
): Promise<NotFoundFallback | undefined> {
  const root = path.resolve(webDist);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.info({ webDist: root }, 'no built web app found; serving the API only');
    return undefined;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    // `/` is a page like the others (below): index.html with its screen's preloads
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders(res, filePath: string) {
      const relative = path
        .relative(root, filePath)
        .split(path.sep)
        .join('/')
        .replace(COMPRESSED_SUFFIX, '');
      if (relative.startsWith('assets/')) res.header('cache-control', IMMUTABLE);
      else if (relative === 'index.html') res.header('cache-control', 'no-cache');
      else res.header('cache-control', 'public, max-age=3600');
    },
  });

  const page = webPages(root);
  app.get('/', (request, reply) => page(request, reply));

  return (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (pathname === '/api' || pathname.startsWith('/api/')) return false;
    const accept = request.headers.accept ?? '';
    if (!/text\/html|\*\/\*/.test(accept) || /^\/assets\//.test(pathname)) return false;
    void page(request, reply);
    return true;
  };
}
