import { COLLABORATIVE_TYPES, type CollectionType } from './collection.js';
import { LIMITS } from './constants.js';
import type { MessageKey } from './messages/index.js';
import {
  canCollaborate,
  canCreatePublicCollection,
  canKeepDocumentVersions,
  canShareWithFollowers,
  withinPublicLimit,
  type AccountFacts,
} from './permissions.js';

/**
 * The audience and collaboration rules of a collection (docs/DOMAIN.md, States: "Collection
 * visibility", Validation; docs/RULES.md, Plan gates), written once: the server refuses a request
 * that breaks them (422 naming the field) and the web form applies the same rules while
 * the user edits.
 */

/** The part of the collection form these rules judge. */
export interface CollectionRuleFields {
  type: CollectionType;
  is_collaboration: boolean;
  collaboration_on_checklist: boolean;
  allow_add_documents: boolean;
  allow_replace_documents: boolean;
  preserve_documents_version: boolean;
  /** the selected people (only their number matters here) */
  users_per_collection: readonly unknown[];
}

/** What the rules need to know about the person saving the collection. */
export interface CollectionRuleContext {
  /** the account's type, plan and rule flags (see permissions.ts) */
  account: AccountFacts;
  /** the user's public collections, not counting the one being edited */
  otherPublicCount: number;
  /** the stored values when editing; null or absent when creating */
  original?:
    | (Pick<CollectionRuleFields, 'type' | 'is_collaboration'> & {
        preserve_documents_version?: boolean;
      })
    | null;
}

export type CollectionRuleField =
  | 'type'
  | 'is_collaboration'
  | 'collaboration_on_checklist'
  | 'allow_replace_documents'
  | 'preserve_documents_version'
  | 'users_per_collection';

export interface CollectionRuleViolation {
  propertyPath: CollectionRuleField;
  key: MessageKey;
  params?: Record<string, number>;
}

export function isCollaborativeType(type: CollectionType): boolean {
  return COLLABORATIVE_TYPES.includes(type);
}

/**
 * The form's own transitions (docs/DOMAIN.md, States): an empty selected-contacts list reverts to
 * private; types without collaboration turn it off; collaboration off turns the checklist
 * option off; allow_add off forces allow_replace off, which forces preserve off. The web
 * form applies this after every change so it never sends a combination the server refuses.
 */
export function normaliseCollectionForm<T extends CollectionRuleFields>(form: T): T {
  const next = { ...form };
  if (next.type === 'selected_contacts' && next.users_per_collection.length === 0) {
    next.type = 'private';
  }
  if (!isCollaborativeType(next.type)) next.is_collaboration = false;
  if (!next.is_collaboration) next.collaboration_on_checklist = false;
  if (!next.allow_add_documents) next.allow_replace_documents = false;
  if (!next.allow_replace_documents) next.preserve_documents_version = false;
  return next;
}

/**
 * Checks a submitted collection. Answers the data as it will be saved (an empty
 * selected-contacts list saves as private, without collaboration) and every rule it
 * breaks. Gates of plans and flags apply to what changes: an edit that keeps a public
 * collection public, or collaboration on, is not refused after a plan ends.
 */
export function checkCollectionRules<T extends CollectionRuleFields>(
  submitted: T,
  context: CollectionRuleContext,
): { value: T; violations: CollectionRuleViolation[] } {
  const value = { ...submitted };
  const violations: CollectionRuleViolation[] = [];
  const { account, original } = context;

  if (value.type === 'selected_contacts' && value.users_per_collection.length === 0) {
    value.type = 'private';
    value.is_collaboration = false;
    value.collaboration_on_checklist = false;
  }
  if (value.type !== 'selected_contacts' && value.users_per_collection.length > 0) {
    value.users_per_collection = [];
  }

  const typeChanges = original?.type !== value.type;
  if (value.type === 'public' && typeChanges) {
    if (!canCreatePublicCollection(account.rules)) {
      violations.push({ propertyPath: 'type', key: 'collection.publicNotAllowed' });
    } else if (!withinPublicLimit(account, context.otherPublicCount)) {
      violations.push({
        propertyPath: 'type',
        key: 'collection.publicLimit',
        params: { limit: LIMITS.publicCollectionsWithoutSilver },
      });
    }
  }
  if (value.type === 'all_contacts_followers' && typeChanges && !canShareWithFollowers(account)) {
    violations.push({ propertyPath: 'type', key: 'collection.followersNeedSubscription' });
  }

  if (value.is_collaboration) {
    if (!isCollaborativeType(value.type)) {
      violations.push({
        propertyPath: 'is_collaboration',
        key: 'collection.collaborationUnavailable',
      });
    } else if (original?.is_collaboration !== true && !canCollaborate(account)) {
      violations.push({
        propertyPath: 'is_collaboration',
        key: 'collection.collaborationNeedsSubscription',
      });
    }
  } else if (value.collaboration_on_checklist) {
    violations.push({
      propertyPath: 'collaboration_on_checklist',
      key: 'collection.checklistNeedsCollaboration',
    });
  }

  if (value.allow_replace_documents && !value.allow_add_documents) {
    violations.push({
      propertyPath: 'allow_replace_documents',
      key: 'collection.addDocumentsFirst',
    });
  }
  if (value.preserve_documents_version && !value.allow_replace_documents) {
    violations.push({
      propertyPath: 'preserve_documents_version',
      key: 'collection.replaceDocumentsFirst',
    });
  } else if (
    value.preserve_documents_version &&
    original?.preserve_documents_version !== true &&
    !canKeepDocumentVersions(account)
  ) {
    violations.push({
      propertyPath: 'preserve_documents_version',
      key: 'collection.versioningNeedsSubscription',
    });
  }
  return { value, violations };
}
