import { Parser } from 'htmlparser2';
import { LRUCache } from 'lru-cache';
import { parseFetchUrl, type GuardedFetch } from '../../http/guarded-fetch.js';
import { singleFlight } from '../../http/single-flight.js';

/**
 * Link previews (docs/API.md, Calls: POST /api/extract/title and /api/extract/attributes):
 * the title, picture, description and site name of a page, read from its Open Graph and
 * Twitter card tags with the HTML <title> and description as fallbacks. Pages come through
 * the guarded fetch client (at most 1 MB); answers are cached in memory by URL.
 */

export interface PageAttributes {
  title: string | null;
  /** absolute http(s) URL of the page's picture (show it through /api/image/proxy/…) */
  image: string | null;
  description: string | null;
  site_name: string | null;
  /** the page's own address (og:url or canonical link), else the address fetched */
  url: string;
}

export const PAGE_MAX_BYTES = 1024 * 1024;
const CACHE_ENTRIES = 1000;
const CACHE_TTL_MS = 15 * 60_000;
const LIMITS = { title: 300, description: 1000, site_name: 200 } as const;
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

function clean(value: string | undefined, max: number): string | null {
  if (value === undefined) return null;
  const text = value.replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** An absolute http(s) URL from a reference on the page, or null. */
function absoluteUrl(reference: string | undefined, base: string): string | null {
  if (!reference || reference.trim() === '') return null;
  try {
    const url = new URL(reference.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const text = url.toString();
    return text.length <= 2048 ? text : null;
  } catch {
    return null;
  }
}

/** The charset a page declares in its first bytes (<meta charset> or http-equiv). */
function declaredCharset(head: Buffer): string | undefined {
  const text = head.subarray(0, 4096).toString('latin1');
  const match =
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(text) ??
    /<meta[^>]+content\s*=\s*["'][^"']*charset=([\w.:-]+)/i.exec(text);
  return match?.[1];
}

/**
 * The labels WHATWG maps to windows-1252. Node 20's TextDecoder reads them as plain
 * latin1 (0x80-0x9F become control characters), so these bytes are mapped here.
 */
const WINDOWS_1252_LABELS = new Set([
  'windows-1252',
  'cp1252',
  'x-cp1252',
  'iso-8859-1',
  'iso8859-1',
  'iso_8859-1',
  'latin1',
  'l1',
  'us-ascii',
  'ascii',
]);
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(body: Buffer): string {
  let text = '';
  for (let i = 0; i < body.length; i += 8192) {
    const chunk = body.subarray(i, i + 8192);
    text += Array.from(chunk, (byte) =>
      byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte),
    ).join('');
  }
  return text;
}

/** The page as text, in the charset its header, BOM or <meta> names (UTF-8 otherwise). */
export function decodePage(body: Buffer, headerCharset?: string): string {
  const candidates = [headerCharset, declaredCharset(body), 'utf-8'];
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) candidates.unshift('utf-8');
  for (const raw of candidates) {
    const label = raw?.trim().toLowerCase();
    if (!label) continue;
    if (WINDOWS_1252_LABELS.has(label)) return decodeWindows1252(body);
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      // An unknown label: try the next source.
    }
  }
  return body.toString('utf8');
}

/** Reads the preview attributes from a page's HTML; `pageUrl` resolves relative links. */
export function parsePageAttributes(html: string, pageUrl: string): PageAttributes {
  const meta = new Map<string, string>();
  let title = '';
  let inTitle = false;
  let titleDone = false;
  let svgDepth = 0;
  let canonical: string | undefined;
  let imageSrc: string | undefined;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'svg') svgDepth += 1;
        if (name === 'title' && !titleDone && svgDepth === 0) inTitle = true;
        if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? attributes.itemprop ?? '')
            .trim()
            .toLowerCase();
          const content = attributes.content;
          // The first of each wins, as crawlers read them.
          if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
        }
        if (name === 'link') {
          const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
          if (rel.includes('canonical') && canonical === undefined) canonical = attributes.href;
          if (rel.includes('image_src') && imageSrc === undefined) imageSrc = attributes.href;
        }
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'svg' && svgDepth > 0) svgDepth -= 1;
        if (name === 'title' && inTitle) {
          inTitle = false;
          titleDone = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  const first = (...keys: string[]) => keys.map((k) => meta.get(k)).find((v) => v?.trim());
  const ownUrl = absoluteUrl(first('og:url'), pageUrl) ?? absoluteUrl(canonical, pageUrl);
  return {
    title: clean(first('og:title', 'twitter:title') ?? title, LIMITS.title),
    image: absoluteUrl(
      first(
        'og:image:secure_url',
        'og:image:url',
        'og:image',
        'twitter:image',
        'twitter:image:src',
      ) ?? imageSrc,
      pageUrl,
    ),
    description: clean(
      first('og:description', 'twitter:description', 'description'),
      LIMITS.description,
    ),
    site_name: clean(first('og:site_name', 'application-name'), LIMITS.site_name),
    url: ownUrl ?? pageUrl,
  };
}

/** Attributes of pages, fetched through `fetcher` and kept a while per URL. */
export function createLinkPreviews(fetcher: GuardedFetch, options: { ttlMs?: number } = {}) {
  const cache = new LRUCache<string, PageAttributes>({
    max: CACHE_ENTRIES,
    ttl: options.ttlMs ?? CACHE_TTL_MS,
  });

  async function load(url: string): Promise<PageAttributes> {
    const page = await fetcher.fetch(url, {
      maxBytes: PAGE_MAX_BYTES,
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
    });
    if (!page.mediaType || !HTML_TYPES.has(page.mediaType)) {
      // A PDF or a picture has no tags to read: the address is all there is.
      return { title: null, image: null, description: null, site_name: null, url: page.url };
    }
    return parsePageAttributes(decodePage(page.body, page.typeParams.charset), page.url);
  }
  const attributesOf = singleFlight(load, cache);

  return {
    /**
     * Throws GuardedFetchError when the URL may not or cannot be fetched (async: a URL that
     * does not parse rejects like a failed fetch).
     */
    attributes: async (rawUrl: string): Promise<PageAttributes> =>
      attributesOf(parseFetchUrl(rawUrl).toString()),
  };
}

export type LinkPreviews = ReturnType<typeof createLinkPreviews>;
