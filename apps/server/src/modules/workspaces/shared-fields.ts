import {
  delegationRules,
  NOTHING_SHARED,
  sharedAcrossWorkspaces,
  workspaceFlagsOf,
  type WorkspaceFlags,
  type WorkspaceSharedFields,
  type WorkspaceViewer,
} from '@memoria/domain';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { readJson } from '../../db/dialect.js';
import { workspacesShared } from './store.js';

type Db = Kysely<DatabaseSchema>;

const isAdminRules = (rules: unknown) =>
  delegationRules(readJson<Record<string, boolean>>(rules, {})).admin;

/**
 * The contact fields `viewer` sees of each of `personIds` through the workspaces they share
 * (docs/notes/workspaces.md, Flags): the person is a member, the viewer a member, an admin
 * or the workspace itself. People who share none get NOTHING_SHARED. Profile reads and
 * connection lists add these to what the person's own settings show.
 */
export async function sharedContactFields(
  db: Db,
  viewer: number | null,
  personIds: number[],
): Promise<Map<number, WorkspaceSharedFields>> {
  const byPerson = new Map<number, { flags: WorkspaceFlags; viewer: WorkspaceViewer }[]>();
  if (viewer === null) return new Map();
  const ids = personIds.filter((id) => id !== viewer);
  for (const row of await workspacesShared(db, viewer, ids)) {
    const admin = row.workspace_id === viewer || (row.held !== null && isAdminRules(row.held));
    // a delegate without the admin right is no admin, and a member only by connecting
    if (!admin && row.membership === null) continue;
    const flags = workspaceFlagsOf(readJson<Record<string, unknown>>(row.rules, {}));
    byPerson.set(row.person_id, [
      ...(byPerson.get(row.person_id) ?? []),
      { flags, viewer: admin ? 'admin' : 'member' },
    ]);
  }
  return new Map(
    ids.map((id) => [
      id,
      byPerson.has(id) ? sharedAcrossWorkspaces(byPerson.get(id) ?? []) : NOTHING_SHARED,
    ]),
  );
}
