import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLocale, type BootScreens, type Locale } from '@memoria/domain';
import { withScriptHash } from './security.js';

/** One variant of index.html, with its compressed forms, made once. */
interface Page {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const LANGUAGE_COOKIE = 'language';
/** 8 screens (none, the visitor's, six signed-in) × 7 languages; more means a new build. */
const MAX_PAGES = 64;

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** br, else gzip, else none, as the client's Accept-Encoding allows. */
export function pageEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.find((p) => p.trim().startsWith('q='));
    if (name && (!q || Number(q.trim().slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has('br') || accepted.has('*')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The boot script as the page carries it inline: its text and its CSP hash source. */
interface InlineBoot {
  code: string;
  hash: string;
}

/**
 * The boot script's text to put into the page, unless it could end the script element early
 * (or is missing): then the page keeps naming the file.
 */
function inlineBoot(root: string, href: string): InlineBoot | undefined {
  let code: string;
  try {
    code = fs.readFileSync(path.join(root, href), 'utf8');
  } catch {
    return undefined;
  }
  if (/<\/script|<!--/i.test(code)) return undefined;
  return { code, hash: `'sha256-${createHash('sha256').update(code).digest('base64')}'` };
}

/**
 * index.html as served (docs/ARCHITECTURE.md, "The first screen in one round"): with the
 * preloads of the screen at this address (the same files and texts the boot script would add,
 * found while the browser reads the HTML instead of after the script has run), and the boot
 * script itself in the page, marked with what is already there, so its API reads start while
 * the HTML is read rather than a round trip later. The Content-Security-Policy of these
 * answers allows that one script by its hash. Without `boot-screens.json` (an older build) the
 * file is served as it is.
 */
export function webPages(root: string) {
  const indexFile = path.join(root, 'index.html');
  const screensFile = path.join(root, 'boot-screens.json');
  let version = '';
  let index = '';
  let screens: (BootScreens & { patterns: RegExp[] }) | undefined;
  let boot: InlineBoot | undefined;
  const pages = new Map<string, Page>();

  /** Reads the files again when the build changed under a running server. */
  const refresh = () => {
    const stamp = (file: string) => {
      try {
        return String(fs.statSync(file).mtimeMs);
      } catch {
        return '-';
      }
    };
    const now = `${stamp(indexFile)}:${stamp(screensFile)}`;
    if (now === version) return;
    version = now;
    pages.clear();
    index = fs.readFileSync(indexFile, 'utf8');
    screens = undefined;
    boot = undefined;
    try {
      const map = JSON.parse(fs.readFileSync(screensFile, 'utf8')) as BootScreens;
      if (index.includes(`<script src="${map.boot}"></script>`)) {
        screens = { ...map, patterns: map.screens.map((s) => new RegExp(s.path)) };
        boot = inlineBoot(root, map.boot);
      }
    } catch {
      // no map (or not this build's): index.html as it is
    }
  };

  const html = (key: string | undefined, locale: Locale | undefined): string => {
    const map = screens;
    if (!map) return index;
    const bootTag = (mark: string) =>
      boot ? `<script${mark}>${boot.code}</script>` : `<script src="${map.boot}"${mark}></script>`;
    const withBoot = (mark: string) =>
      index.replace(`<script src="${map.boot}"></script>`, () => bootTag(mark));
    if (!locale || !map.locales.includes(locale)) return withBoot('');
    const links: string[] = [];
    const file = (href: string) =>
      href.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`
        : `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`;
    const text = (name: string) =>
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(`${map.texts}/${name}.json`)}">`;
    links.push(text(locale));
    let files: string[] = [];
    let texts: string[] = [];
    if (key === 'a') files = map.auth;
    else if (key !== undefined) ({ files, texts } = map.screens[Number(key)]!);
    for (const href of files) links.push(file(href));
    for (const name of texts) links.push(text(`${name}/${locale}`));
    const mark =
      key === undefined
        ? ` data-locale="${locale}"`
        : ` data-preloaded="${key}" data-locale="${locale}"`;
    return withBoot(mark).replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`);
  };

  const page = (key: string | undefined, locale: Locale | undefined): Page => {
    const id = `${key ?? ''}|${locale ?? ''}`;
    let found = pages.get(id);
    if (!found) {
      const identity = Buffer.from(html(key, locale));
      found = {
        etag: `"${createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`,
        identity,
        br: zlib.brotliCompressSync(identity, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }),
        gzip: zlib.gzipSync(identity, { level: 9 }),
      };
      if (pages.size >= MAX_PAGES) pages.clear();
      pages.set(id, found);
    }
    return found;
  };

  /** The screen whose files the boot script would preload here: its number, 'a', or none. */
  const screenAt = (pathname: string, signedIn: boolean): string | undefined => {
    if (!screens) return undefined;
    const at = pathname.replace(/(.)\/$/, '$1');
    if (!signedIn) return at === '/auth' || at === '/' ? 'a' : undefined;
    const i = screens.patterns.findIndex((pattern) => pattern.test(at));
    return i < 0 ? undefined : String(i);
  };

  return (request: FastifyRequest, reply: FastifyReply) => {
    refresh();
    const cookies = request.headers.cookie;
    const chosen = cookieValue(cookies, LANGUAGE_COOKIE);
    // the boot script's choice: the cookie, else the browser's languages
    const locale = isLocale(chosen) ? chosen : request.locale;
    const signedIn = !!screens && cookieValue(cookies, screens.cookie) === '1';
    const pathname = request.url.split('?')[0] ?? '/';
    const found = page(screenAt(pathname, signedIn), locale);
    if (boot) {
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') {
        void reply.header('content-security-policy', withScriptHash(policy, boot.hash));
      }
    }
    void reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding, Cookie')
      .header('etag', found.etag)
      .type('text/html; charset=utf-8');
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === found.etag)) {
      return reply.code(304).send();
    }
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (encoding) void reply.header('content-encoding', encoding);
    return reply.send(encoding ? found[encoding] : found.identity);
  };
}
