import {
  canCreatePublicCollection,
  hasProfessionalSubscription,
  hasPublicProfile,
  iri,
  isBronze,
  NOTHING_SHARED,
  type PublicProfile,
  type WorkspaceSharedFields,
} from '@memoria/domain';
import type { AppContext } from '../../context.js';
import { isoTime, readBool } from '../../db/dialect.js';
import { accountFactsOf } from '../users/account-facts.js';
import { ApiError, violation } from '../../http/errors.js';
import { connectionRulesOf } from '../connections/requirements.js';
import { contactCountsFor } from '../connections/service.js';
import { viewStatus } from '../connections/present.js';
import { blockedEitherWay } from '../blocks/service.js';
import { sharedContactFields } from '../workspaces/shared-fields.js';
import {
  emptyRelations,
  findSuggestionExclude,
  insertSuggestionExclude,
  relationsTo,
  searchPublicProfiles,
} from './store.js';
import { isDuplicate } from '../../db/errors.js';
import {
  avatarUrl,
  findPerson,
  findPersonBySlug,
  isAvailable,
  loadPeople,
  summaryOf,
  type PersonRow,
} from '../users/people.js';

const userNotFound = () => new ApiError(404, 'social.userNotFound');

type Relations = Awaited<ReturnType<typeof relationsTo>>;

const showsPublicProfile = (person: PersonRow) =>
  hasPublicProfile({
    user_has_public_profile: readBool(person.user_has_public_profile),
    public_profile_enabled: readBool(person.public_profile_enabled),
  });

/**
 * A profile as `viewer` (null: a visitor, or the owner previewing) sees it. Phone numbers
 * are for contacts; the email address only where its owner discloses it. A workspace both
 * belong to adds what its share flags give the viewer (`shared`, docs/notes/workspaces.md).
 */
function present(
  person: PersonRow,
  viewer: number | null,
  relations: Relations,
  counts: PublicProfile['counts'],
  isOwner: boolean,
  shared: WorkspaceSharedFields = NOTHING_SHARED,
): PublicProfile {
  const account = accountFactsOf(person);
  const connectionRules = connectionRulesOf(person);
  const contact = isOwner || relations.contacts.has(person.id);
  const connection = relations.connections.get(person.id);
  const status = viewer === null || !connection ? null : viewStatus(connection, viewer);
  const summary = summaryOf(person);
  // every field named, no spread: V8 gives each object that gains properties after a spread
  // a new hidden class, which made this one 100 times slower to build and everything that
  // read it slower (docs/PERFORMANCE.md, "Contact counts, and spreads in hot literals").
  // Named rather than Object.assign onto the summary, as the smaller cards do: with sixty
  // fields that measured 10% slower for discover people.
  return {
    id: summary.id,
    '@id': summary['@id'],
    name: summary.name,
    picture: summary.picture,
    label: summary.label,
    profile_id: person.profile_id,
    name_official: readBool(person.user_identified) ? person.name_official : null,
    user_identified: readBool(person.user_identified),
    user_type: person.user_type as PublicProfile['user_type'],
    workspace_type: person.workspace_type as PublicProfile['workspace_type'],
    description: person.public_description ?? person.description,
    function: person.function,
    organization_name: person.organization_name,
    location: person.location,
    country: person.country,
    // the public profile's own contact fields are for everyone; the account's as before
    usermail:
      person.public_usermail ??
      (isOwner || readBool(person.disclose_email) || shared.email ? person.usermail : null),
    phone: person.public_phone ?? (contact || shared.phone ? person.phone_number : null),
    address: person.public_address,
    website: person.public_website,
    linkedin: person.public_linkedin,
    accent_color: person.accent_color,
    slug: person.public_slug,
    banner: avatarUrl(person.banner_id, '1200w'),
    cover: avatarUrl(person.cover_id, '1200w'),
    public_picture: avatarUrl(person.public_picture_id, '550w'),
    cta_button_title: person.cta_button_title,
    cta_button_url: person.cta_button_url,
    cta_button_font_color: person.cta_button_font_color,
    cta_button_color: person.cta_button_color,
    following_status: relations.following.has(person.id) ? 'active' : null,
    follows_you: relations.followsViewer.has(person.id),
    connection: connection && status ? { id: connection.id, status } : null,
    is_connected: relations.contacts.has(person.id),
    connections_require_product_id: connectionRules.requireProductId,
    connection_message_required: connectionRules.messageRequired,
    connection_message_hint: connectionRules.messageHint,
    user_has_public_profile: readBool(person.user_has_public_profile),
    public_profile_enabled: readBool(person.public_profile_enabled),
    enable_direct_messages: readBool(person.enable_direct_messages),
    memo_copy_allowed: readBool(person.memo_copy_allowed),
    memo_comments_allowed: readBool(person.memo_comments_allowed),
    allow_reactions: readBool(person.allow_reactions),
    require_identification_for_comments: readBool(person.require_identification_for_comments),
    user_can_create_public_collection: canCreatePublicCollection(account.rules),
    user_has_professional_subscription: hasProfessionalSubscription(account),
    user_has_extended_subscription: isBronze(account),
    favourite_id: relations.favourites.get(person.id) ?? null,
    counts,
    isOwner,
  };
}

/**
 * Profiles (docs/DOMAIN.md, Entities; docs/API.md, Calls: Profile): combined, public, public
 * search, suggestions.
 */
export function createProfileService(ctx: AppContext) {
  const { db, dialect } = ctx.database;

  /** One profile as `viewer` sees it; null: what a visitor (or the owner previewing) sees. */
  async function profileFor(person: PersonRow, viewer: number | null): Promise<PublicProfile> {
    const [relations, counts, shared] = await Promise.all([
      viewer === null || viewer === person.id
        ? emptyRelations()
        : relationsTo(db, viewer, [person.id]),
      contactCountsFor(ctx, [person.id]),
      sharedContactFields(db, viewer, [person.id]),
    ]);
    return present(
      person,
      viewer,
      relations,
      counts.get(person.id) ?? { connections: 0, followers: 0, delegations: 0, followings: 0 },
      viewer === person.id,
      shared.get(person.id),
    );
  }

  async function visiblePerson(viewer: number | null, id: number): Promise<PersonRow> {
    const person = await findPerson(db, id);
    if (!person) throw userNotFound();
    if (viewer === id) return person;
    if (!isAvailable(person)) throw userNotFound();
    if (viewer !== null && (await blockedEitherWay(db, viewer, id))) throw userNotFound();
    return person;
  }

  return {
    /** GET /api/user/{id}/combined[?preview=1]: any person not blocked either way. */
    async combined(viewer: number, id: number, preview: boolean): Promise<PublicProfile> {
      const person = await visiblePerson(viewer, id);
      return profileFor(person, preview && viewer === id ? null : viewer);
    },

    /**
     * GET /api/p/user/{id}[?preview=1]: a public profile, for visitors and signed-in people;
     * its owner previews it with preview=1 even while it is not public.
     */
    async publicProfile(
      viewer: number | null,
      id: number,
      preview: boolean,
    ): Promise<PublicProfile> {
      const person = await visiblePerson(viewer, id);
      const owner = viewer === id;
      if (owner && preview) return profileFor(person, null);
      if (!showsPublicProfile(person)) throw userNotFound();
      return profileFor(person, viewer);
    },

    /**
     * GET /api/p/profile/{slug}: the public profile at that slug, while it is public (404
     * otherwise, and for an unknown slug; the owner sees their own like /api/p/user/{id}).
     */
    async publicProfileBySlug(viewer: number | null, slug: string): Promise<PublicProfile> {
      const found = await findPersonBySlug(db, slug);
      if (!found) throw userNotFound();
      const person = await visiblePerson(viewer, found.id);
      if (!showsPublicProfile(person)) throw userNotFound();
      return profileFor(person, viewer);
    },

    /** GET /api/user/profiles/public (exact total) and discover people (page total). */
    async search(
      viewer: number | null,
      query: { search?: string; limit: number; offset: number; total: 'exact' | 'page' },
    ): Promise<{ members: PublicProfile[]; total: number }> {
      const { ids, total } = await searchPublicProfiles(db, dialect, viewer, query);
      const [people, relations, counts, shared] = await Promise.all([
        loadPeople(db, ids),
        viewer === null ? emptyRelations() : relationsTo(db, viewer, ids),
        contactCountsFor(ctx, ids),
        sharedContactFields(db, viewer, ids),
      ]);
      const members = ids.flatMap((id) => {
        const person = people.get(id);
        const personCounts = counts.get(id);
        return person && personCounts
          ? [present(person, viewer, relations, personCounts, false, shared.get(id))]
          : [];
      });
      return { members, total };
    },

    /** POST /api/suggestion_exclude {userDoNotSuggest}: idempotent. */
    async excludeSuggestion(viewer: number, userId: number) {
      if (userId === viewer) throw violation('userDoNotSuggest', 'suggestions.self');
      const person = await findPerson(db, userId);
      if (!person || !isAvailable(person) || (await blockedEitherWay(db, viewer, userId))) {
        throw userNotFound();
      }
      const existing = () => findSuggestionExclude(db, viewer, userId);
      let row = await existing();
      let created = false;
      if (!row) {
        try {
          await insertSuggestionExclude(db, dialect, viewer, userId, new Date());
          created = true;
        } catch (error) {
          if (!isDuplicate(error)) throw error;
        }
        row = await existing();
      }
      if (!row) throw userNotFound();
      return {
        created,
        answer: {
          id: row.id,
          userDoNotSuggest: iri('user', userId),
          created_at: isoTime(row.created_at) ?? '',
        },
      };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
