import { z } from 'zod';
import type { MessageKey } from '@memoria/domain';
import type { AppConfig } from '../../config.js';
import type { AuthGuard } from '../../http/auth.js';
import { ApiError, violation } from '../../http/errors.js';
import {
  createGuardedFetch,
  GuardedFetchError,
  type FetchFailure,
} from '../../http/guarded-fetch.js';
import type { ZodApp } from '../../http/zod-app.js';
import { createImageProxy, NotAnImage } from './image-proxy.js';
import { createLinkPreviews } from './link-preview.js';

const tags = ['media'];
const PROXY_PREFIX = '/api/image/proxy/';
/** Per client address: previews are fetched as people type, pictures as lists scroll. */
const EXTRACT_PER_MINUTE = 60;
const PROXY_PER_MINUTE = 300;

const urlBody = z.object({ url: z.string().trim().min(1, 'validation.required').max(2048) });
const attributesAnswer = z.object({
  title: z.string().nullable(),
  image: z.string().nullable(),
  description: z.string().nullable(),
  site_name: z.string().nullable(),
  url: z.string(),
});

const MESSAGES: Record<FetchFailure, MessageKey> = {
  'invalid-url': 'fetch.invalidUrl',
  'refused-address': 'fetch.addressRefused',
  'too-many-redirects': 'fetch.tooManyRedirects',
  'too-large': 'fetch.tooLarge',
  timeout: 'fetch.timeout',
  'http-status': 'fetch.unreachable',
  unreachable: 'fetch.unreachable',
};

/**
 * What a failed fetch answers: an address we may not fetch is the caller's mistake (a 422
 * violation on `url`, or 400 for the proxy's path); a remote that fails is 422 with the
 * reason. Never a 5xx: the caller gave the address.
 */
function fetchProblem(error: unknown, forProxy: boolean): Error {
  if (error instanceof NotAnImage) return new ApiError(422, 'fetch.notImage');
  if (!(error instanceof GuardedFetchError)) return error as Error;
  const key = MESSAGES[error.reason];
  const callersFault = error.reason === 'invalid-url' || error.reason === 'refused-address';
  if (callersFault) return forProxy ? new ApiError(400, key) : violation('url', key);
  return new ApiError(422, key);
}

/**
 * GET /api/image/proxy/{image}, POST /api/extract/title and POST /api/extract/attributes
 * (docs/API.md, Calls), all through one guarded fetch client (docs/API.md, Security headers and
 * fetching).
 */
export function registerLinkRoutes(
  app: ZodApp,
  guard: AuthGuard,
  config: Pick<AppConfig, 'fetch'>,
): void {
  const fetcher = createGuardedFetch({
    allowHosts: config.fetch.allowHosts,
    allowPrivate: config.fetch.allowPrivate,
  });
  const previews = createLinkPreviews(fetcher);
  const images = createImageProxy(fetcher);
  app.addHook('onClose', async () => fetcher.close());
  const extractLimit = { rateLimit: { max: EXTRACT_PER_MINUTE, timeWindow: '1 minute' } };

  const attributesOf = async (url: string) => {
    try {
      return await previews.attributes(url);
    } catch (error) {
      throw fetchProblem(error, false);
    }
  };

  app.post(
    '/api/extract/title',
    {
      preParsing: guard.optional,
      config: { ...extractLimit, right: 'memos' },
      schema: {
        tags,
        summary: 'The title of a web page (Open Graph, Twitter card or <title>)',
        body: urlBody,
        response: { 200: z.object({ title: z.string().nullable() }) },
      },
    },
    async (request) => ({ title: (await attributesOf(request.body.url)).title }),
  );

  app.post(
    '/api/extract/attributes',
    {
      preParsing: guard.optional,
      config: { ...extractLimit, right: 'memos' },
      schema: {
        tags,
        summary:
          'Link preview of a web page: title, image (absolute URL; show it through /api/image/proxy/{encoded URL}), description, site name and canonical URL',
        body: urlBody,
        response: { 200: attributesAnswer },
      },
    },
    async (request) => attributesOf(request.body.url),
  );

  app.get(
    `${PROXY_PREFIX}*`,
    {
      preParsing: guard.optional,
      config: { rateLimit: { max: PROXY_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'A remote picture re-encoded as webp (the path is the URL-encoded http(s) address; at most 10 MB)',
      },
    },
    async (request, reply) => {
      // The raw path, so an encoded address keeps its own query string and slashes.
      const raw = request.url.slice(request.url.indexOf(PROXY_PREFIX) + PROXY_PREFIX.length);
      let target: string;
      try {
        target = decodeURIComponent(raw.split('?')[0] ?? '');
      } catch {
        throw new ApiError(400, 'fetch.invalidUrl');
      }
      if (target === '') throw new ApiError(400, 'fetch.invalidUrl');
      let image;
      try {
        image = await images.image(target);
      } catch (error) {
        throw fetchProblem(error, true);
      }
      reply
        .header('content-type', image.contentType)
        .header('content-disposition', 'inline; filename="image.webp"')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=86400')
        .header('etag', image.etag);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === image.etag)) {
        return reply.code(304).send();
      }
      return reply.code(200).send(image.body);
    },
  );
}
