import { describe, expect, it } from 'vitest';
import {
  checkCollectionRules,
  normaliseCollectionForm,
  type CollectionRuleContext,
  type CollectionRuleFields,
} from './collection-rules.js';
import { canCollaborate, canCreatePublicCollection } from './permissions.js';
import { COLLECTION_TYPES, type CollectionType } from './collection.js';

const form = (overrides: Partial<CollectionRuleFields> = {}): CollectionRuleFields => ({
  type: 'all_contacts',
  is_collaboration: false,
  collaboration_on_checklist: false,
  allow_add_documents: false,
  allow_replace_documents: false,
  preserve_documents_version: false,
  users_per_collection: [],
  ...overrides,
});

const free: CollectionRuleContext = {
  account: { user_type: 'normal', rules: {} },
  otherPublicCount: 0,
};
const bronze: CollectionRuleContext = {
  account: { user_type: 'normal', rules: { has_subscription: true, bronze: true } },
  otherPublicCount: 0,
};
const silver: CollectionRuleContext = {
  account: { user_type: 'normal', rules: { has_subscription: true, silver: true } },
  otherPublicCount: 0,
};

const paths = (fields: Partial<CollectionRuleFields>, context: CollectionRuleContext) =>
  checkCollectionRules(form(fields), context).violations.map((v) => `${v.propertyPath}:${v.key}`);

describe('checkCollectionRules', () => {
  it('accepts every type without collaboration for a subscriber', () => {
    for (const type of COLLECTION_TYPES) {
      const users = type === 'selected_contacts' ? [1] : [];
      expect([type, paths({ type, users_per_collection: users }, bronze)]).toEqual([type, []]);
    }
  });

  it('saves an empty selected-contacts list as private, without collaboration', () => {
    const { value, violations } = checkCollectionRules(
      form({ type: 'selected_contacts', is_collaboration: true, collaboration_on_checklist: true }),
      bronze,
    );
    expect(violations).toEqual([]);
    expect(value).toMatchObject({
      type: 'private',
      is_collaboration: false,
      collaboration_on_checklist: false,
    });
  });

  it('keeps selected people only for the selected-contacts type', () => {
    expect(
      checkCollectionRules(form({ type: 'all_contacts', users_per_collection: [3] }), free).value
        .users_per_collection,
    ).toEqual([]);
    expect(
      checkCollectionRules(form({ type: 'selected_contacts', users_per_collection: [3] }), free)
        .value.users_per_collection,
    ).toEqual([3]);
  });

  it.each<[CollectionType]>([['private'], ['all_contacts_followers'], ['public']])(
    'refuses collaboration on %s',
    (type) => {
      expect(paths({ type, is_collaboration: true }, silver)).toEqual([
        'is_collaboration:collection.collaborationUnavailable',
      ]);
    },
  );

  it('collaboration needs a subscription or a workspace account', () => {
    expect(paths({ is_collaboration: true }, free)).toEqual([
      'is_collaboration:collection.collaborationNeedsSubscription',
    ]);
    expect(paths({ is_collaboration: true }, bronze)).toEqual([]);
    expect(
      paths({ is_collaboration: true }, { ...free, account: { user_type: 'workspace' } }),
    ).toEqual([]);
    expect(canCollaborate({ user_type: 'main', rules: { has_subscription: false } })).toBe(false);
  });

  it('keeps collaboration that was already on after the plan ended', () => {
    const original = { type: 'all_contacts' as const, is_collaboration: true };
    expect(paths({ is_collaboration: true }, { ...free, original })).toEqual([]);
  });

  it('the checklist option needs collaboration', () => {
    expect(paths({ collaboration_on_checklist: true }, bronze)).toEqual([
      'collaboration_on_checklist:collection.checklistNeedsCollaboration',
    ]);
    expect(paths({ is_collaboration: true, collaboration_on_checklist: true }, bronze)).toEqual([]);
  });

  it('follows the allow_add → allow_replace → preserve chain', () => {
    expect(paths({ allow_replace_documents: true }, free)).toEqual([
      'allow_replace_documents:collection.addDocumentsFirst',
    ]);
    expect(paths({ allow_add_documents: true, preserve_documents_version: true }, free)).toEqual([
      'preserve_documents_version:collection.replaceDocumentsFirst',
    ]);
    expect(paths({ preserve_documents_version: true }, free)).toEqual([
      'preserve_documents_version:collection.replaceDocumentsFirst',
    ]);
    const keep = {
      allow_add_documents: true,
      allow_replace_documents: true,
      preserve_documents_version: true,
    };
    expect(paths(keep, bronze)).toEqual([]);
  });

  it('keeping document versions needs a subscription, and stays on after the plan ended', () => {
    const keep = {
      allow_add_documents: true,
      allow_replace_documents: true,
      preserve_documents_version: true,
    };
    expect(paths(keep, free)).toEqual([
      'preserve_documents_version:collection.versioningNeedsSubscription',
    ]);
    expect(paths(keep, { ...free, account: { user_type: 'workspace' } })).toEqual([]);
    const original = {
      type: 'all_contacts' as const,
      is_collaboration: false,
      preserve_documents_version: true,
    };
    expect(paths(keep, { ...free, original })).toEqual([]);
  });

  it('the followers audience needs has_subscription', () => {
    expect(paths({ type: 'all_contacts_followers' }, free)).toEqual([
      'type:collection.followersNeedSubscription',
    ]);
    expect(
      paths(
        { type: 'all_contacts_followers' },
        { ...free, original: { type: 'all_contacts_followers', is_collaboration: false } },
      ),
    ).toEqual([]);
  });

  it('more than three public collections need silver', () => {
    expect(paths({ type: 'public' }, { ...free, otherPublicCount: 2 })).toEqual([]);
    const limited = checkCollectionRules(form({ type: 'public' }), {
      ...bronze,
      otherPublicCount: 3,
    });
    expect(limited.violations).toEqual([
      { propertyPath: 'type', key: 'collection.publicLimit', params: { limit: 3 } },
    ]);
    expect(paths({ type: 'public' }, { ...silver, otherPublicCount: 40 })).toEqual([]);
    // a collection that is public already stays editable
    expect(
      paths(
        { type: 'public' },
        {
          ...free,
          otherPublicCount: 5,
          original: { type: 'public', is_collaboration: false },
        },
      ),
    ).toEqual([]);
  });

  it('public collections need user_can_create_public_collection', () => {
    expect(canCreatePublicCollection({})).toBe(true);
    expect(canCreatePublicCollection(null)).toBe(true);
    expect(canCreatePublicCollection({ public_profile: false })).toBe(false);
    expect(canCreatePublicCollection({ collections: false })).toBe(false);
    expect(
      paths(
        { type: 'public' },
        {
          ...silver,
          account: { user_type: 'normal', rules: { silver: true, collections: false } },
        },
      ),
    ).toEqual(['type:collection.publicNotAllowed']);
  });

  it('reports every broken rule at once', () => {
    expect(
      paths(
        {
          type: 'public',
          is_collaboration: true,
          allow_replace_documents: true,
        },
        { ...free, otherPublicCount: 3 },
      ),
    ).toEqual([
      'type:collection.publicLimit',
      'is_collaboration:collection.collaborationUnavailable',
      'allow_replace_documents:collection.addDocumentsFirst',
    ]);
  });
});

describe('normaliseCollectionForm', () => {
  it('applies the form transitions of docs/DOMAIN.md, States', () => {
    expect(
      normaliseCollectionForm(
        form({
          type: 'public',
          is_collaboration: true,
          collaboration_on_checklist: true,
          allow_replace_documents: true,
          preserve_documents_version: true,
        }),
      ),
    ).toEqual(form({ type: 'public' }));
    expect(normaliseCollectionForm(form({ type: 'selected_contacts' })).type).toBe('private');
    expect(
      normaliseCollectionForm(
        form({ type: 'selected_contacts', users_per_collection: [1], is_collaboration: true }),
      ),
    ).toMatchObject({ type: 'selected_contacts', is_collaboration: true });
    expect(
      normaliseCollectionForm(form({ is_collaboration: false, collaboration_on_checklist: true }))
        .collaboration_on_checklist,
    ).toBe(false);
  });

  it('never produces data that checkCollectionRules refuses (rule-wise) for a subscriber', () => {
    const bools = [false, true];
    for (const type of COLLECTION_TYPES) {
      for (const collab of bools) {
        for (const checklist of bools) {
          for (const add of bools) {
            for (const replace of bools) {
              for (const preserve of bools) {
                const normal = normaliseCollectionForm(
                  form({
                    type,
                    is_collaboration: collab,
                    collaboration_on_checklist: checklist,
                    allow_add_documents: add,
                    allow_replace_documents: replace,
                    preserve_documents_version: preserve,
                    users_per_collection: [1],
                  }),
                );
                expect(checkCollectionRules(normal, silver).violations).toEqual([]);
              }
            }
          }
        }
      }
    }
  });
});
