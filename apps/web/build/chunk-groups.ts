import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Two chunk groups planned from the app's own import graph (vite.config.ts names them; see
 * docs/PERFORMANCE.md, Lighthouse). On a phone's connection every file is a round trip, and
 * over HTTP/1.1, which the server speaks, the browser opens six connections to a host: a
 * screen that asks for twenty small files waits for its last one in the fourth round.
 *
 * - `memo-card`: a memo card and its photo grid (fourth round). The list screens load them once
 *   their first page has memos (memo-card-lazy.tsx, the boot script); split by default they
 *   were two dozen chunks of 1-4 kB. It takes the app's modules the card and the grid import
 *   statically, and the icons and Mantine components they name.
 * - `screen-parts`: what at least two of the first screens share and nothing before them
 *   loads (twelfth round): the error page, the deferred loader, the hint, the collections' and
 *   favourites' queries, the collection menu, Mantine's EmptyState and Tabs… A collection asked
 *   for 25 scripts, 16 of them under 3 kB; with these in one chunk it asks for 17, and its LCP
 *   in Lighthouse's mobile preset came 0.25 s earlier.
 *   A screen outside the list that uses one of these modules loads the whole chunk (about
 *   7.5 kB gzipped), the price of fewer files on the screens people open first.
 *
 * Neither takes what the entry, the signed-in layout and home, or the visitor's first screens
 * import: those stay where they are, so neither /auth nor an empty home loads them.
 */
const ELSEWHERE = [
  'main.tsx',
  'app/layout/app-layout.tsx',
  'features/home/home-page.tsx',
  'app/layout/auth-layout.tsx',
  'app/layout/guest-welcome.tsx',
  'features/auth/login-page.tsx',
];
const CARD_ROOTS = ['features/memos/memo-card.tsx', 'features/media/memo-attachments.tsx'];
/** The screens Lighthouse measures besides home and /auth (bench/lighthouse.mjs). */
const SCREEN_ROOTS = [
  'features/collections/collection-page.tsx',
  'features/collections/collections-page.tsx',
  'features/memos/memo-page.tsx',
  'features/feed/feed-page.tsx',
  'features/discover/discover-page.tsx',
];

const ICON = /@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/](\w+)\.mjs$/;
const COMPONENT = /@mantine[\\/]core[\\/]esm[\\/]components[\\/](\w+)[\\/]/;

type Members = (id: string) => boolean;

export function chunkGroups() {
  const src = fileURLToPath(new URL('../src/', import.meta.url));
  const modules = new Map<string, { imports: readonly string[]; code: string }>();
  let plan: { card: Members; screens: Members } | undefined;

  // the app's own modules a set of roots imports statically (not through packages: a
  // package's index would reach all of it)
  const reach = (starts: string[]) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id) || !id.startsWith(src)) return;
      seen.add(id);
      for (const next of modules.get(id)?.imports ?? []) visit(next);
    };
    for (const start of starts) visit(src + start);
    return seen;
  };
  // the names a set of modules imports from one package's index
  const named = (ids: Iterable<string>, from: string) => {
    const names = new Set<string>();
    const pattern = new RegExp(String.raw`import\s*{([^}]*)}\s*from\s*['"]${from}['"]`, 'g');
    for (const id of ids) {
      for (const match of (modules.get(id)?.code ?? '').matchAll(pattern)) {
        for (const name of match[1]!.split(',')) {
          const imported = name.trim().split(/\s/)[0];
          if (imported) names.add(imported);
        }
      }
    }
    return names;
  };
  const without = <T>(set: Iterable<T>, ...others: Set<T>[]) =>
    new Set([...set].filter((item) => !others.some((other) => other.has(item))));
  /** What at least two of the sets hold. */
  const inTwo = <T>(sets: Set<T>[]) => {
    const seen = new Set<T>();
    const twice = new Set<T>();
    for (const set of sets) for (const item of set) (seen.has(item) ? twice : seen).add(item);
    return twice;
  };
  const members = (own: Set<string>, icons: Set<string>, mantine: Set<string>): Members => {
    return (id) => {
      if (own.has(id)) return true;
      const icon = ICON.exec(id);
      if (icon) return icons.has(icon[1]!);
      const component = COMPONENT.exec(id);
      return component ? mantine.has(component[1]!) : false;
    };
  };

  const makePlan = () => {
    const shared = reach(ELSEWHERE);
    const takenIcons = named(shared, '@tabler/icons-react');
    const takenMantine = named(shared, '@mantine/core');

    const cardOwn = without(reach(CARD_ROOTS), shared);
    const cardIcons = without(named(cardOwn, '@tabler/icons-react'), takenIcons);
    const cardMantine = without(named(cardOwn, '@mantine/core'), takenMantine);

    const roots = new Set(SCREEN_ROOTS.map((root) => src + root));
    const perScreen = SCREEN_ROOTS.map((root) => without(reach([root]), shared, cardOwn));
    const screenOwn = without(inTwo(perScreen), roots);
    // icons stay in the `icons` group: tiny, and wanted by dialogs as much as by screens
    const screenMantine = without(
      inTwo(perScreen.map((ids) => named(ids, '@mantine/core'))),
      takenMantine,
      cardMantine,
    );
    return {
      card: members(cardOwn, cardIcons, cardMantine),
      screens: members(screenOwn, new Set(), screenMantine),
    };
  };

  const plugin: Plugin = {
    name: 'memoria:chunk-groups',
    apply: 'build',
    buildEnd() {
      modules.clear();
      plan = undefined;
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        modules.set(id, { imports: info?.importedIds ?? [], code: info?.code ?? '' });
      }
    },
  };
  return {
    plugin,
    card: (id: string) => (plan ??= makePlan()).card(id),
    screens: (id: string) => (plan ??= makePlan()).screens(id),
  };
}
