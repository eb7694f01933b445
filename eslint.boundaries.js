/**
 * Boundaries the build enforces (see CONTRIBUTING.md, Adding a module):
 *  - server: a module reaches another module through its service, never its store; queries
 *    live in store files (`store.ts` or `<thing>-store.ts`), `db/` and the SQL building
 *    blocks stores compose (`audience/predicates.ts`);
 *  - web: layers import downwards only: app → features → ui → session → api; i18n imports
 *    none of them.
 * ESLint's own rules only: `no-restricted-imports` per folder, `no-restricted-syntax` for SQL.
 */

const serverSource = ['apps/server/src/**/*.ts'];
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/test-*.ts', '**/test-*.tsx'];

const storeMessage =
  'A module reaches another module through its service, never its store (CONTRIBUTING.md, Adding a module).';
/** Another module's store, from inside modules/ (`../x/store.js`, `../x/thing-store.js`). */
const storeOfOtherModule = {
  regex: String.raw`^\.\./[^/]+/([^/]*-)?store(\.js)?$`,
  message: storeMessage,
};
/** A module's store from outside modules/ (cli, realtime, events, …). */
const storeOfAnyModule = {
  regex: String.raw`(^|/)modules/[^/]+/([^/]*-)?store(\.js)?$`,
  message: storeMessage,
};

/** Kysely query builders and the raw `sql` tag. */
const SQL_CALLS = 'selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto';
const sqlMessage = 'Queries live in store files (store.ts or <thing>-store.ts) or db/.';
const sqlSyntax = [
  { selector: `CallExpression[callee.property.name=/^(${SQL_CALLS})$/]`, message: sqlMessage },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: sqlMessage },
  { selector: "MemberExpression[object.name='sql']", message: sqlMessage },
];

/**
 * SQL building blocks that stores compose: conditions and fragments (who may see a memo, a
 * collection, …) that run no query themselves but are written in SQL, so they live next to
 * the stores that use them instead of in a store of their own.
 */
const SQL_BUILDING_BLOCKS = ['apps/server/src/modules/audience/predicates.ts'];

/** Web layers, top to bottom, and what each may not import (everything else is allowed). */
const WEB_LAYERS = ['app', 'features', 'ui', 'session', 'api'];
const webRules = [
  ...WEB_LAYERS.slice(1).map((folder, index) => ({
    folder,
    forbidden: WEB_LAYERS.slice(0, index + 1),
  })),
  { folder: 'i18n', forbidden: WEB_LAYERS },
];

function layerPatterns(forbidden) {
  return forbidden.map((layer) => ({
    regex: String.raw`^(\.\./)+${layer}(/|$)`,
    message: `This layer may not import ${layer}/ (web layers import downwards only: app → features → ui → session → api).`,
  }));
}

export const boundaries = [
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [storeOfOtherModule] }] },
  },
  {
    files: serverSource,
    ignores: [...testFiles, 'apps/server/src/modules/**', 'apps/server/src/test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [storeOfAnyModule] }] },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [...testFiles, '**/*store.ts', ...SQL_BUILDING_BLOCKS],
    rules: { 'no-restricted-syntax': ['error', ...sqlSyntax] },
  },
  ...webRules.map(({ folder, forbidden }) => ({
    files: [`apps/web/src/${folder}/**/*.{ts,tsx}`],
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: layerPatterns(forbidden) }] },
  })),
];
