import type { Kysely } from 'kysely';
import {
  meetsConnectionSubscription,
  workspaceFlagsOf,
  workspaceRequirements,
  type MessageKey,
} from '@memoria/domain';
import type { DatabaseSchema } from '../../db/schema.js';
import { readJson } from '../../db/dialect.js';
import { ApiError, violation } from '../../http/errors.js';
import { pictureOf, type PersonRow } from '../users/people.js';
import { accountFactsOf } from '../users/account-facts.js';
import { activeConnectionCount } from './counts-store.js';

type Db = Kysely<DatabaseSchema>;

/**
 * What an account asks of the people who connect with it, read from its rules JSON
 * (users.rules). Workspace accounts get these from their plan (docs/DOMAIN.md, Entities: Workspace
 * flags `connections_require_*`, product `maximum_users`); any account may carry them.
 *
 * - connections_require_function / _location / _organisation_name / _profile_photo: the
 *   requester's profile must have that field.
 * - connections_require_product_id: the requester needs a subscription (a paid plan).
 * - maximum_users: the account's active connections may not exceed this number.
 * - connection_message_required (+ connection_message_hint): a request must carry a
 *   personal message (docs/DOMAIN.md, Validation: "The connection message can be mandatory").
 */
export interface ConnectionRules {
  requireFunction: boolean;
  requireLocation: boolean;
  requireOrganisation: boolean;
  requirePhoto: boolean;
  requireProductId: string | number | null;
  maximumUsers: number | null;
  messageRequired: boolean;
  messageHint: string | null;
}

export function connectionRulesOf(
  person: Pick<PersonRow, 'rules'> & Partial<Pick<PersonRow, 'user_type'>>,
): ConnectionRules {
  const rules = readJson<Record<string, unknown>>(person.rules, {});
  const product = rules.connections_require_product_id;
  const max = rules.maximum_users;
  const hint = rules.connection_message_hint;
  // a workspace asks for profile fields only while it shares member info (docs/notes/workspaces.md)
  const required =
    person.user_type === 'workspace'
      ? workspaceRequirements(workspaceFlagsOf(rules))
      : {
          function: rules.connections_require_function === true,
          location: rules.connections_require_location === true,
          organisation: rules.connections_require_organisation_name === true,
          photo: rules.connections_require_profile_photo === true,
        };
  return {
    requireFunction: required.function,
    requireLocation: required.location,
    requireOrganisation: required.organisation,
    requirePhoto: required.photo,
    requireProductId: typeof product === 'string' || typeof product === 'number' ? product : null,
    maximumUsers: typeof max === 'number' && Number.isFinite(max) && max >= 0 ? max : null,
    messageRequired: rules.connection_message_required === true,
    messageHint: typeof hint === 'string' && hint.trim() ? hint : null,
  };
}

const filled = (value: string | null) => value !== null && value.trim() !== '';

/**
 * Refuses a request from `requester` to `receiver` that the receiver's rules do not allow;
 * the violation names the field the requester has to change (422 on `path`).
 */
export function checkRequesterProfile(
  requester: PersonRow,
  receiver: PersonRow,
  path: string,
): void {
  const rules = connectionRulesOf(receiver);
  const missing: Array<[boolean, MessageKey]> = [
    [rules.requireFunction && !filled(requester.function), 'connections.requiresFunction'],
    [rules.requireLocation && !filled(requester.location), 'connections.requiresLocation'],
    [
      rules.requireOrganisation && !filled(requester.organization_name),
      'connections.requiresOrganisation',
    ],
    [rules.requirePhoto && pictureOf(requester) === null, 'connections.requiresPhoto'],
    [
      !meetsConnectionSubscription(accountFactsOf(requester), rules.requireProductId),
      'connections.requiresSubscription',
    ],
  ];
  const failed = missing.find(([fails]) => fails);
  if (failed) throw violation(path, failed[1]);
}

/** The receiver asks for a personal message and none was given. */
export function checkMessage(receiver: PersonRow, message: string | null, path: string): void {
  if (connectionRulesOf(receiver).messageRequired && !filled(message)) {
    throw violation(path, 'connections.messageRequired');
  }
}

/**
 * One more active connection would take either person over their maximum_users:
 * 'max users reached' (409), for every way a connection becomes active.
 */
export async function checkMaximumUsers(db: Db, people: PersonRow[]): Promise<void> {
  for (const person of people) {
    const { maximumUsers } = connectionRulesOf(person);
    if (maximumUsers === null) continue;
    if ((await activeConnectionCount(db, person.id)) >= maximumUsers) {
      throw new ApiError(409, 'connections.maxUsersReached');
    }
  }
}

/**
 * A workspace's members must meet its profile requirements however they join: by asking, or
 * by accepting the workspace's invitation (the workspace is then the sender).
 */
export function checkWorkspaceMembers(people: PersonRow[], path: string): void {
  for (const workspace of people) {
    if (workspace.user_type !== 'workspace') continue;
    for (const member of people) {
      if (member.id !== workspace.id) checkRequesterProfile(member, workspace, path);
    }
  }
}
