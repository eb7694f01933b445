import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { loadSharp } from './sharp.js';
import { LRUCache } from 'lru-cache';
import { parseFetchUrl, type GuardedFetch } from '../../http/guarded-fetch.js';
import { singleFlight } from '../../http/single-flight.js';

/**
 * GET /api/image/proxy/{image} (docs/API.md, Calls): a remote picture (a link preview's
 * og:image) served from our origin, so pages never load third-party addresses and the
 * viewer's address is not disclosed. The bytes are never passed on as received: the
 * format is judged by content (raster formats only, no SVG), decoded and re-encoded as
 * webp by sharp, which drops metadata and anything that is not pixels.
 */

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Proxied pictures are shown in previews: no wider than this. */
const MAX_WIDTH = 1200;
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_ANIMATION_PAGES = 100;
const CACHE_BYTES = 64 * 1024 * 1024;
const CACHE_TTL_MS = 60 * 60_000;
const RASTER_FORMATS = new Set(['png', 'apng', 'jpg', 'gif', 'webp', 'avif', 'bmp', 'tif']);

/** What the proxy answers. */
export interface ProxiedImage {
  body: Buffer;
  contentType: 'image/webp';
  etag: string;
  width: number;
  height: number;
}

/** The answer is no raster picture sharp can decode. */
export class NotAnImage extends Error {
  constructor(cause?: unknown) {
    super('the address does not lead to a picture', { cause });
    this.name = 'NotAnImage';
  }
}

async function reencode(body: Buffer): Promise<ProxiedImage> {
  const found = await fileTypeFromBuffer(body);
  if (!found || !RASTER_FORMATS.has(found.ext)) throw new NotAnImage();
  const sharp = await loadSharp();
  try {
    const input = sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await input.metadata();
    const animated = (meta.pages ?? 1) > 1 && (meta.pages ?? 1) <= MAX_ANIMATION_PAGES;
    const image = animated
      ? sharp(body, { animated: true, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      : sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const { data, info } = await image
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return {
      body: data,
      contentType: 'image/webp',
      etag: `"p${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`,
      width: info.width,
      height: info.pageHeight ?? info.height,
    };
  } catch (error) {
    throw new NotAnImage(error);
  }
}

export function createImageProxy(fetcher: GuardedFetch, options: { ttlMs?: number } = {}) {
  const cache = new LRUCache<string, ProxiedImage>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (image) => Math.max(1, image.body.length),
    ttl: options.ttlMs ?? CACHE_TTL_MS,
  });

  async function load(url: string): Promise<ProxiedImage> {
    const answer = await fetcher.fetch(url, {
      maxBytes: IMAGE_MAX_BYTES,
      accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8',
    });
    return reencode(answer.body);
  }
  const imageOf = singleFlight(load, cache);

  return {
    /**
     * The remote picture as safe webp; throws GuardedFetchError or NotAnImage (async: a URL
     * that does not parse rejects like a failed fetch).
     */
    image: async (rawUrl: string): Promise<ProxiedImage> =>
      imageOf(parseFetchUrl(rawUrl).toString()),
  };
}

export type ImageProxy = ReturnType<typeof createImageProxy>;
