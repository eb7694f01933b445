import { resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { minifySync } from 'rolldown/utils';
import type { Plugin } from 'vite';
import { SIGNED_IN_COOKIE } from '../src/api/session';
import { FIRST_ITEMS } from '../src/ui/first-items';
import { SCREEN_TEXTS } from '../src/app/screen-texts';
import type { BootScreens } from '@memoria/domain';

/**
 * The first screen in one round (docs/PERFORMANCE.md, Lighthouse). Without help the browser
 * finds a screen's chunks one level at a time: the entry, then the texts and the layout, then
 * the page, then its data, then the memo card, its attachments and their texts. This plugin
 * writes a small classic script (`assets/boot-*.js`, loaded just before the entry) that
 * looks at the address and the stored session and, while the entry downloads:
 * - adds `<link rel="modulepreload">` for the layout, the page and the texts the screen shows;
 * - starts the screen's first API reads with the stored token; the API client takes these
 *   answers instead of asking again (src/api/early.ts);
 * - preloads the memo card when a first page of memos is not empty (an empty home does not
 *   fetch the card, as before), a memo's checklist when the memo has todos, and the first picture of the first cards (or of the memo) at
 *   high priority, with the srcset and sizes its <img> will have;
 * - signed in, loads Intl's locale data in a task of its own (the cards' dates and counts).
 * The app waits for the layout's reads before its first render (src/app/first-data.ts).
 * The server puts the script's text into the page it serves, allowed by its hash in that
 * page's Content-Security-Policy (apps/server/src/http/web-page.ts); the file stays for the
 * page as built, which names it.
 *
 * The server puts the same preloads for the layout, the page and the texts into the HTML it
 * serves (`boot-screens.json`, written here; apps/server/src/http/web-app.ts), so the browser
 * asks for them while it reads the HTML, before this script has arrived or run. It knows the
 * address but not the session (kept in localStorage): the `signed_in` cookie, which this script
 * and src/api/session.ts keep in step with the session, tells it. It marks the boot script
 * with what it added (`data-preloaded`: a screen's number here or `a` for the visitor's screen,
 * `data-locale`: the texts' language), and this script adds only what is missing.
 */

const SRC = resolve(import.meta.dirname, '../src');

/** One screen: its address, the modules it renders, the texts it shows, the reads it starts. */
interface ScreenSpec {
  path: string;
  modules: string[];
  texts: string[];
  /**
   * [accept, url template, what it answers]; {sub} is the user id, {1} the address's first
   * parameter. 'list': a first page of memo cards (their chunk, texts and first picture
   * follow when it is not empty); 'memo': one memo (its first picture follows).
   */
  reads: Array<[accept: 'json' | 'hydra', url: string, answers?: 'list' | 'memo']>;
}

const FIRST_PAGE = 'offset=0&itemsPerPage=10';
const LAYOUT = 'app/layout/app-layout.tsx';
/** What a memo card needs (memo-card-lazy.tsx loads it with these texts), and its media grid. */
const CARD_MODULES = ['features/memos/memo-card.tsx'];
const MEDIA_MODULES = ['features/media/memo-attachments.tsx'];
/**
 * The memo card and its photo grid, with the screens whose first page is rarely empty (the
 * feed, discover, a collection): asked for with the page, not once the page's answer has
 * been read, so they are no longer a step after the data (the served HTML names them too).
 * Home keeps waiting for its answer: a new account's home is empty and its first screen
 * stays within the budget without the card.
 */
const CARDS = [...CARD_MODULES, ...MEDIA_MODULES];

/** The screens of src/app/pages.ts worth preparing (their namespaces as withTexts lists them). */
const SCREENS: ScreenSpec[] = [
  {
    path: '^/$',
    modules: [LAYOUT, 'features/home/home-page.tsx'],
    texts: SCREEN_TEXTS.home,
    reads: [['hydra', `/api/user/{sub}/memo?${FIRST_PAGE}`, 'list']],
  },
  {
    path: '^/feed$',
    modules: [LAYOUT, 'features/feed/feed-page.tsx', ...CARDS],
    texts: SCREEN_TEXTS.lists,
    reads: [
      ['hydra', `/api/feed?${FIRST_PAGE}`, 'list'],
      ['json', '/api/feed/latest'],
    ],
  },
  {
    path: '^/discover$',
    modules: [LAYOUT, 'features/discover/discover-page.tsx', ...CARDS],
    texts: SCREEN_TEXTS.lists,
    reads: [['hydra', `/api/discover?${FIRST_PAGE}`, 'list']],
  },
  {
    path: '^/collections$',
    modules: [LAYOUT, 'features/collections/collections-page.tsx'],
    texts: SCREEN_TEXTS.collections,
    reads: [['json', '/api/user/{sub}/collection?itemsPerPage=10000']],
  },
  {
    path: '^/collections/(?!collaboration$)([^/]+)$',
    modules: [LAYOUT, 'features/collections/collection-page.tsx', ...CARDS],
    texts: SCREEN_TEXTS.collection,
    reads: [
      ['json', '/api/collection/{1}'],
      ['hydra', `/api/collection/{1}/memo?${FIRST_PAGE}`, 'list'],
    ],
  },
  {
    path: '^/memo/(\\d+)$',
    modules: [LAYOUT, 'features/memos/memo-page.tsx'],
    texts: SCREEN_TEXTS.memo,
    reads: [['json', '/api/memo/{1}', 'memo']],
  },
];
/** Every signed-in screen reads these (the layout: account card, bell, messages badge). */
const SIGNED_IN_READS = ['/api/profile', '/api/notifications/unread', '/api/thread/unread'];
const AUTH_MODULES = ['app/layout/auth-layout.tsx', 'features/auth/login-page.tsx'];
const TODO_MODULES = ['features/memos/todo-editor.tsx'];
const CARD_TEXTS = ['engagement', 'media'];
const LOCALES = ['en', 'nl', 'fr_be', 'de', 'es', 'pl', 'uk'];

/** Files are numbers into `f` (names under assets/), to keep the script small. */
export interface BootMap {
  f: string[];
  /** [address pattern, files, texts, reads] */
  s: Array<[string, number[], string[], ScreenSpec['reads']]>;
  a: number[];
  c: number[];
  /** the attachments, for a first page with photos, videos or documents */
  m: number[];
  /** a memo's checklist, for a memo with todos (memo-page.tsx loads it lazily) */
  d: number[];
  /** how many cards a list draws first, their pictures eager (src/ui/first-items.ts) */
  n: number;
  ct: string[];
  /** the locales */
  t: string[];
  /** where the texts are (build/i18n-json.ts): `<j>/<locale>.json`, `<j>/<ns>/<locale>.json` */
  j: string;
  r: string[];
  /** the cookie telling the server a session is stored */
  k: string;
}

/**
 * The script itself, serialised with Function.prototype.toString: plain browser JavaScript,
 * no imports, no closures over this module. Any failure leaves the app to load as before.
 */
export function boot(map: BootMap) {
  try {
    const w = window as unknown as { __memoriaEarly?: unknown[] };
    const head = document.head;
    const seen: Record<string, boolean> = {};
    // What the server put into the HTML (apps/server/src/http/web-page.ts): the preloads of a
    // screen (its number in map.s, or 'a') and the texts in a language.
    const marked = document.querySelector('script[data-locale]');
    const done = marked ? marked.getAttribute('data-preloaded') : null;
    const doneLocale = marked ? marked.getAttribute('data-locale') : null;
    const preload = (ids: number[]) => {
      for (const id of ids) {
        const file = map.f[id]!;
        if (seen[file]) continue;
        seen[file] = true;
        const link = document.createElement('link');
        const css = /\.css$/.test(file);
        link.rel = css ? 'preload' : 'modulepreload';
        if (css) link.as = 'style';
        link.crossOrigin = '';
        link.href = `/assets/${file}`;
        head.appendChild(link);
      }
    };
    // The same choice as src/i18n/language.ts: the cookie, else the browser's languages.
    const cookie = /(?:^|;\s*)language=([^;]+)/.exec(document.cookie);
    let locale = cookie ? decodeURIComponent(cookie[1]!) : '';
    const known = (tag: string) => map.t.indexOf(tag) >= 0;
    if (!known(locale)) {
      locale = 'en';
      for (const tag of navigator.languages || [navigator.language]) {
        const lower = tag.toLowerCase().replace('-', '_');
        const primary = lower.split('_')[0]!;
        const found = known(lower) ? lower : primary === 'fr' ? 'fr_be' : known(primary) && primary;
        if (found) {
          locale = found;
          break;
        }
      }
    }
    // The texts' JSON files: the same request as src/i18n/index.ts's fetch (same-origin
    // credentials), so the fetch takes the preloaded answer.
    const json = (file: string) => {
      const href = `${map.j}/${file}.json`;
      if (seen[href]) return;
      seen[href] = true;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'fetch';
      link.crossOrigin = 'anonymous';
      link.href = href;
      head.appendChild(link);
    };
    const texts = (names: string[]) => {
      for (const name of names) json(`${name}/${locale}`);
    };
    const given = done ? map.s[Number(done)] : undefined;
    for (const id of done === 'a' ? map.a : given ? given[1] : []) seen[map.f[id]!] = true;
    if (doneLocale === locale) {
      seen[`${map.j}/${locale}.json`] = true;
      for (const name of given ? given[2] : []) seen[`${map.j}/${name}/${locale}.json`] = true;
    }
    json(locale);
    const path = location.pathname.replace(/(.)\/$/, '$1');
    const token = localStorage.getItem('token');
    const signedIn =
      !!token &&
      !!localStorage.getItem('refresh_token') &&
      localStorage.getItem('session_kind') !== 'activation';
    // Tell the server for the next page (a hint for its preloads, never a credential).
    if (signedIn !== new RegExp(`(?:^|;\\s*)${map.k}=1`).test(document.cookie)) {
      document.cookie = `${map.k}=${signedIn ? 1 : ''}; path=/; max-age=${signedIn ? 31536000 : 0}; samesite=lax`;
    }
    if (!token || !localStorage.getItem('refresh_token')) {
      if (path === '/auth' || path === '/') preload(map.a);
      return;
    }
    if (!signedIn) return;
    const payload = token.split('.')[1] || '';
    const sub = String(JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))).sub);
    const early: unknown[] = (w.__memoriaEarly = []);
    // The first Intl formatter of a page loads the browser's locale data (tens of ms on a
    // phone), inside the first render of the cards' dates and counts unless it is done
    // before: here, in a task of its own while the entry and the data are on their way.
    setTimeout(() => {
      try {
        const tag = locale.replace('_', '-');
        new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
        new Intl.RelativeTimeFormat(tag, { numeric: 'auto', style: 'short' }).format(-1, 'hour');
        new Intl.NumberFormat(tag).formatToParts(1.5);
        // the texts' plural forms (src/i18n/translate.ts): the cards' counts
        new Intl.PluralRules(tag).select(2);
      } catch {
        // only a head start
      }
    }, 0);
    // A card's or memo's photos and videos as its grid shows them (features/media:
    // attachments.ts galleryItems, photo-grid.tsx): photos, then videos, each visible one in
    // its order.
    type Tile = {
      type: string;
      status: string;
      action: unknown;
      replaced_by_document_id: unknown;
      sequence_number: number;
      secure_url?: string | null;
      secure_urls?: Record<string, string | undefined> | null;
    };
    const tiles = (memo: Record<string, unknown>) =>
      ['memo_photos', 'memo_videos'].flatMap((key) =>
        ((memo[key] as Tile[] | undefined) || [])
          .filter(
            (t) =>
              t.status !== 'deleted' && t.action !== 'delete' && t.replaced_by_document_id === null,
          )
          .sort((a, b) => a.sequence_number - b.sequence_number),
      );
    // The first screen's largest paint is usually the first picture of the first card (or of
    // the memo): asked for as soon as the data names it, at high priority, with the srcset
    // and sizes its <img> will have, so the browser picks the same file and the image reuses it.
    const picture = (memo: Record<string, unknown> | undefined, limit?: number) => {
      if (!memo) return;
      const items = tiles(memo);
      const first = items[0];
      if (!first || first.type !== 'photo') return;
      const shown = Math.min(items.length, limit || items.length);
      const columns = shown === 1 ? 1 : shown === 2 || shown === 4 ? 2 : 3;
      const urls = first.secure_urls || {};
      const src = urls['550w'] || urls['900w'] || urls['220w'] || first.secure_url || '';
      if (!src) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.href = src;
      const srcset = ['220w', '550w', '900w']
        .filter((v) => urls[v])
        .map((v) => `${urls[v]} ${v}`)
        .join(', ');
      if (srcset) {
        link.setAttribute('imagesrcset', srcset);
        link.setAttribute(
          'imagesizes',
          columns === 1
            ? '(max-width: 600px) 100vw, 600px'
            : `(max-width: 600px) ${Math.ceil(100 / columns)}vw, 220px`,
        );
      }
      link.setAttribute('fetchpriority', 'high');
      head.appendChild(link);
    };
    const read = (accept: string, url: string) => {
      const response = fetch(url, {
        headers: {
          Accept: accept === 'hydra' ? 'application/ld+json' : 'application/json',
          Authorization: `Bearer ${token}`,
          'Accept-Language': locale.replace('_', '-'),
        },
      });
      early.push({ url, accept, token, response });
      return response;
    };
    for (let i = 0; i < map.s.length; i += 1) {
      const screen = map.s[i]!;
      const match = new RegExp(screen[0]).exec(path);
      if (!match) continue;
      preload(screen[1]);
      texts(screen[2]);
      for (const url of map.r) read('json', url);
      if (location.search) return;
      for (const [accept, template, answers] of screen[3]) {
        const url = template.replace('{sub}', sub).replace('{1}', match[1] || '');
        const response = read(accept, url);
        if (!answers) continue;
        response
          .then((answer) => (answer.ok ? answer.clone().json() : null))
          .then((body: { 'hydra:member'?: Array<Record<string, unknown[]>> } | null) => {
            if (answers === 'memo') {
              const memo = body as Record<string, unknown[]> | null;
              if (memo && memo.memo_todos?.length) preload(map.d);
              return picture(memo || undefined);
            }
            const memos = (body && body['hydra:member']) || [];
            if (memos.length === 0) return;
            preload(map.c);
            texts(map.ct);
            const media = (memo: Record<string, unknown[]>) =>
              ['memo_photos', 'memo_videos', 'memo_documents'].some((k) => memo[k]?.length);
            if (memos.some(media)) preload(map.m);
            // a card shows at most 4 tiles (memo-card.tsx, compact)
            picture(
              memos.slice(0, map.n).find((memo) => !memo.isHidden && tiles(memo).length > 0),
              4,
            );
          })
          .catch(() => undefined);
      }
      return;
    }
  } catch {
    // The app loads as it would without this script.
  }
}

/** The chunk that holds `module`, and the files it needs that the entry does not load. */
function filesOf(bundle: OutputBundle, module: string, initial: Set<string>): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const home = chunks.find((c) => c.moduleIds.includes(module));
  if (!home) throw new Error(`boot-preload: no chunk holds ${module}`);
  const files: string[] = [];
  const visit = (file: string) => {
    if (initial.has(file) || files.includes(file)) return;
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') return;
    files.push(file);
    for (const css of chunk.viteMetadata?.importedCss ?? []) {
      if (!files.includes(css)) files.push(css);
    }
    for (const imported of chunk.imports) visit(imported);
  };
  visit(home.fileName);
  return files;
}

/**
 * `initial`: the files the entry loads itself (vite.config.ts collects them); `i18nBase`: where
 * the namespaces' JSON texts are (build/i18n-json.ts).
 */
export function bootPreload(initial: Set<string>, i18nBase: () => string): Plugin {
  let bootFile = '';
  return {
    name: 'memoria:boot-preload',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const f: string[] = [];
        const of = (modules: string[]) => [
          ...new Set(
            modules
              .flatMap((m) => filesOf(bundle, resolve(SRC, m), initial))
              .map((file) => {
                const name = file.replace(/^assets\//, '');
                if (!f.includes(name)) f.push(name);
                return f.indexOf(name);
              }),
          ),
        ];
        const map: BootMap = {
          f,
          s: SCREENS.map((s) => [s.path, of(s.modules), s.texts, s.reads]),
          a: of(AUTH_MODULES),
          c: of(CARD_MODULES),
          m: of(MEDIA_MODULES),
          d: of(TODO_MODULES),
          n: FIRST_ITEMS,
          ct: CARD_TEXTS,
          t: LOCALES,
          j: i18nBase(),
          r: SIGNED_IN_READS,
          k: SIGNED_IN_COOKIE,
        };
        const script = `(${boot.toString()})(${JSON.stringify(map)});\n`;
        const { code: source, errors } = minifySync('boot.js', script);
        if (errors.length > 0) throw new Error(`boot-preload: ${errors[0]?.message}`);
        const id = this.emitFile({ type: 'asset', name: 'boot.js', source });
        bootFile = this.getFileName(id);
        const href = (ids: number[]) => ids.map((i) => `/assets/${f[i]}`);
        const screens: BootScreens = {
          boot: `/${bootFile}`,
          texts: map.j,
          locales: LOCALES,
          cookie: SIGNED_IN_COOKIE,
          auth: href(map.a),
          screens: map.s.map(([path, files, texts]) => ({ path, files: href(files), texts })),
        };
        this.emitFile({
          type: 'asset',
          fileName: 'boot-screens.json',
          source: `${JSON.stringify(screens, null, 2)}\n`,
        });
      },
    },
    transformIndexHtml: {
      order: 'post',
      // Before the entry and not async: Chromium fetches an async script late and at low
      // priority; this one is small, and nothing can render before the entry anyway.
      handler: (html) =>
        bootFile
          ? html.replace('<script type="module"', `<script src="/${bootFile}"></script>\n    $&`)
          : html,
    },
  };
}
