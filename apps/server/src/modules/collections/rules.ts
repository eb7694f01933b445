import {
  checkCollectionRules,
  type CollectionRuleFields,
  type CollectionType,
} from '@memoria/domain';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { notFound, ValidationFailed, type ViolationInput } from '../../http/errors.js';
import { intIdFromIri } from '../../http/iri.js';
import { accountFactsOf } from '../users/account-facts.js';
import { contactsAmong, countPublicCollections, lockAccount } from './store.js';

/** The rule fields of a collection as it will be saved, with the selected people as user ids. */
export interface CollectionRuleData extends CollectionRuleFields {
  users_per_collection: number[];
}

/** User references (`/api/user/{id}` or ids) → distinct ids, or a violation for a bad one. */
export function userIdsOf(refs: ReadonlyArray<string | number>): number[] | ViolationInput {
  const ids = new Set<number>();
  for (const [index, ref] of refs.entries()) {
    const id = intIdFromIri(ref, 'user');
    if (id === undefined) {
      return { propertyPath: `users_per_collection[${index}]`, key: 'validation.invalid' };
    }
    ids.add(id);
  }
  return [...ids];
}

/**
 * Enforces docs/DOMAIN.md, States: "Collection visibility", Validation and the plan gates of
 * docs/RULES.md, Plan gates for `ownerId` saving `data` (inside the transaction that writes it: on
 * PostgreSQL the account row is locked, so two saves cannot both pass the public limit). Answers
 * the data to save or throws 422 naming each field.
 */
export async function enforceCollectionRules<T extends CollectionRuleData>(
  trx: Kysely<DatabaseSchema>,
  d: DialectHelpers,
  ownerId: number,
  data: T,
  original: {
    id: string;
    type: string;
    is_collaboration: boolean;
    preserve_documents_version: boolean;
  } | null,
): Promise<T> {
  const account = await lockAccount(trx, d, ownerId);
  if (!account) throw notFound();
  const otherPublicCount = await countPublicCollections(trx, ownerId, original?.id ?? null);
  const { value, violations } = checkCollectionRules(data, {
    account: accountFactsOf(account),
    otherPublicCount,
    original: original
      ? {
          type: original.type as CollectionType,
          is_collaboration: original.is_collaboration,
          preserve_documents_version: original.preserve_documents_version,
        }
      : null,
  });
  const out: ViolationInput[] = violations.map((v) => ({
    propertyPath: v.propertyPath,
    key: v.key,
    params: v.params,
  }));
  if (value.type === 'selected_contacts') {
    const contacts = await contactsAmong(trx, ownerId, value.users_per_collection);
    if (value.users_per_collection.some((id) => !contacts.has(id))) {
      out.push({ propertyPath: 'users_per_collection', key: 'collection.notConnected' });
    }
  }
  if (out.length > 0) throw new ValidationFailed(out);
  return value;
}
