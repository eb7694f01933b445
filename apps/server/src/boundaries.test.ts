import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The module boundaries of eslint.boundaries.js fire: each fixture is linted as if it were a
 * file at `path`, with the repository's own ESLint configuration.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('module boundaries (ESLint)', () => {
  it("refuses another module's store, from a module or from outside modules/", async () => {
    const fromModule = await boundaryErrors(
      'apps/server/src/modules/reports/fixture.ts',
      "import { findUserById } from '../users/store.js';\nexport const f = findUserById;\n",
    );
    expect(fromModule).toEqual([expect.stringContaining('never its store')]);
    const thingStore = await boundaryErrors(
      'apps/server/src/modules/reports/fixture.ts',
      "import { insertSession } from '../auth/session-store.js';\nexport const f = insertSession;\n",
    );
    expect(thingStore).toEqual([expect.stringContaining('never its store')]);
    const fromOutside = await boundaryErrors(
      'apps/server/src/realtime/fixture.ts',
      "import { findUserById } from '../modules/users/store.js';\nexport const f = findUserById;\n",
    );
    expect(fromOutside).toEqual([expect.stringContaining('never its store')]);
  });

  it("allows a module's own store and another module's service", async () => {
    const code =
      "import { findBlock } from './store.js';\nimport { findAccount } from '../users/service.js';\nexport const f = [findBlock, findAccount];\n";
    expect(await boundaryErrors('apps/server/src/modules/reports/fixture.ts', code)).toEqual([]);
  });

  it('refuses queries outside store files, and allows them in one', async () => {
    const code =
      "import { sql } from 'kysely';\nexport const q = (db: any) => [db.selectFrom('users'), db.deleteFrom('users'), sql`select 1`];\n";
    expect(await boundaryErrors('apps/server/src/modules/reports/fixture.ts', code)).toHaveLength(
      3,
    );
    expect(await boundaryErrors('apps/server/src/modules/reports/fixture-store.ts', code)).toEqual(
      [],
    );
  });

  it('keeps the web layers importing downwards only: ui/ may not import app/ or features/', async () => {
    const upwards =
      "import { AppRoutes } from '../app/router';\nimport { useProfile } from '../features/profile/queries';\nexport const f = [AppRoutes, useProfile];\n";
    const fromUi = await boundaryErrors('apps/web/src/ui/fixture.tsx', upwards);
    expect(fromUi).toEqual([
      expect.stringContaining('may not import app/'),
      expect.stringContaining('may not import features/'),
    ]);
    const downwards =
      "import { useSession } from '../session/use-session';\nimport { api } from '../api/client';\nexport const f = [useSession, api];\n";
    expect(await boundaryErrors('apps/web/src/ui/fixture.tsx', downwards)).toEqual([]);
    const fromFeature = await boundaryErrors(
      'apps/web/src/features/memos/fixture.tsx',
      "import { AppRoutes } from '../../app/router';\nexport const f = AppRoutes;\n",
    );
    expect(fromFeature).toEqual([expect.stringContaining('may not import app/')]);
  });
});
