import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { transformWithOxc, type Plugin } from 'vite';

/**
 * The texts as JSON files (docs/PERFORMANCE.md, "Bundle size"). In the sources each language's
 * core texts (`src/i18n/locales/<lang>.ts`) and each feature namespace of each language
 * (`src/i18n/locales/<ns>/<lang>.ts`) is a module, typed against the English one. As modules,
 * the entry would carry a map of 17 × 7 loaders with their hashed chunk names (1.3 kB of gzip
 * on every first screen) and the texts would be JavaScript to parse. The build instead writes
 * them as `assets/i18n-<hash>/<lang>.json` and `assets/i18n-<hash>/<ns>/<lang>.json`, <hash>
 * covering all of them, and tells the app where with `import.meta.env.I18N_JSON`
 * (src/i18n/index.ts fetches them). The dev server and the tests keep the modules.
 */

const LOCALES = resolve(import.meta.dirname, '../src/i18n/locales');

/** A locale module's texts, evaluated (tsc has checked them; they only import types). */
async function readTexts(path: string, name: string): Promise<string> {
  const { code } = await transformWithOxc(await readFile(path, 'utf8'), path, { lang: 'ts' });
  if (/^\s*import\s/m.test(code)) throw new Error(`i18n-json: ${path} imports a value`);
  const source = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
  const module = (await import(source)) as Record<string, unknown>;
  if (typeof module[name] !== 'object' || module[name] === null) {
    throw new Error(`i18n-json: ${path} does not export ${name}`);
  }
  return JSON.stringify(module[name]);
}

/** `<lang>` (the core texts) and `<ns>/<lang>` → the texts as JSON. */
async function readLocales(): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const entry of await readdir(LOCALES, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts')) {
      const locale = entry.name.replace(/\.ts$/, '');
      texts.set(locale, await readTexts(resolve(LOCALES, entry.name), locale));
      continue;
    }
    if (!entry.isDirectory()) continue;
    const name = entry.name;
    for (const file of await readdir(resolve(LOCALES, name))) {
      if (!file.endsWith('.ts')) continue;
      const id = `${name}/${file.replace(/\.ts$/, '')}`;
      texts.set(id, await readTexts(resolve(LOCALES, name, file), name));
    }
  }
  return texts;
}

export function i18nJson(): { plugin: Plugin; base: () => string } {
  let texts = new Map<string, string>();
  let dir = '';
  const plugin: Plugin = {
    name: 'memoria:i18n-json',
    apply: 'build',
    async config() {
      texts = await readLocales();
      const hash = createHash('sha256');
      for (const [id, json] of [...texts].sort(([a], [b]) => a.localeCompare(b))) {
        hash.update(`${id}\n${json}\n`);
      }
      dir = `assets/i18n-${hash.digest('hex').slice(0, 12)}`;
      return { define: { 'import.meta.env.I18N_JSON': JSON.stringify(`/${dir}`) } };
    },
    generateBundle() {
      for (const [id, json] of texts) {
        this.emitFile({ type: 'asset', fileName: `${dir}/${id}.json`, source: json });
      }
    },
  };
  return { plugin, base: () => `/${dir}` };
}
