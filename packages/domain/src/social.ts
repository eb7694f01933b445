import { z } from 'zod';
import { LIMITS } from './constants.js';
import type { UserSummary } from './people.js';
import type { UserType, WorkspaceType } from './user.js';
import { usermailSchema } from './auth.js';

/**
 * The social graph as the API answers it (docs/DOMAIN.md, Entities: Connection, Contact stats,
 * Favourite; docs/SCREENS.md, Routes: connection cards; docs/DOMAIN.md, Entities: Public profile,
 * Report; docs/DOMAIN.md, Entities). Server: modules/connections, follows, blocks, favourites,
 * profiles, reports. Web: features/connections, profiles.
 */

/** Connection status from the viewer's side: outcome = I sent it, income = I received it. */
export const CONNECTION_VIEW_STATUSES = ['outcome', 'income', 'active', 'cancelled'] as const;
export type ConnectionViewStatus = (typeof CONNECTION_VIEW_STATUSES)[number];

/**
 * `status` of GET /api/user/connection: active (default), outcome (sent, pending),
 * income (received, pending), cancelled (rejected), verified (active connections whose
 * identity is verified), delegations (active connections with a live delegation either way).
 */
export const CONNECTION_LIST_STATUSES = [
  'active',
  'outcome',
  'income',
  'cancelled',
  'verified',
  'delegations',
] as const;
export type ConnectionListStatus = (typeof CONNECTION_LIST_STATUSES)[number];

/** `user_type` filter of the connection lists: the other person's account type. */
export const CONNECTION_USER_TYPES = ['normal', 'workspace'] as const;
export type ConnectionUserType = (typeof CONNECTION_USER_TYPES)[number];

/** An invitation by email and a personal QR token stay valid this many days. */
export const CONNECTION_TOKEN_VALID_DAYS = LIMITS.qrInviteValidDays;
export const PERSONAL_MESSAGE_MAX = 1000;
export const REPORT_REASON_MAX = 2000;

/**
 * A person on a connection card (docs/SCREENS.md, Routes): name, email, phone, function,
 * organisation and location. Email and phone are only filled where the person shares them
 * with the viewer (a contact, or disclose_email).
 */
export interface ContactCard extends UserSummary {
  usermail: string | null;
  phone_number: string | null;
  function: string | null;
  organization_name: string | null;
  location: string | null;
  name_official: string | null;
  user_identified: boolean;
  user_type: UserType;
  workspace_type: WorkspaceType | null;
}

/** A connection as the API answers it (docs/DOMAIN.md, Entities). */
export interface Connection {
  id: number;
  '@id': string;
  status: ConnectionViewStatus;
  /** who received the request; null while it is an invitation to an address without account */
  user_inbound: UserSummary | null;
  /** who sent the request */
  user_outbound: UserSummary;
  /** the other person; null for an invitation to an address without account */
  user: ContactCard | null;
  user_id: number | null;
  user_to_email: string | null;
  personal_message: string | null;
  created_at: string;
  accepted_at: string | null;
  rejected_at: string | null;
  /** the viewer watches the other person's new content */
  watching: boolean;
  /** made through a personal QR link (no request to accept) */
  auto_accepted: boolean;
  /** always false: kept for the documented field list (docs/DOMAIN.md, Entities) */
  private: boolean;
  /** the viewer's favourite row for the other person, or null */
  favourite_id: number | null;
  /**
   * a workspace both belong to shares some of the other person's contact fields with the
   * viewer (its share flags): the card then carries those fields (docs/notes/workspaces.md)
   */
  workspace_contact: boolean;
  /** other person's picture, initials and profile path, for cards */
  picture: string | null;
  label: string;
  url: string | null;
  /** only on a pending invitation the viewer sent: when its link stops working */
  valid_until?: string | null;
}

/** POST /api/connection: a request by email (docs/API.md, Calls). */
export const connectionRequestSchema = z
  .object({
    user_to_email: usermailSchema,
    personal_message: z
      .string()
      .trim()
      .max(PERSONAL_MESSAGE_MAX, 'validation.tooLong')
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .strict();
export type ConnectionRequest = z.input<typeof connectionRequestSchema>;

/**
 * POST /api/connection-direct: a request from a public profile. `user_outbound` names the
 * profile's person (docs/API.md, Calls: "when user_outbound is set"); `user` is accepted too. With
 * that person's valid `connection_token` (QR) the connection is active at once.
 */
export const connectionDirectSchema = z
  .object({
    user_outbound: z.union([z.string(), z.number()]).optional(),
    user: z.union([z.string(), z.number()]).optional(),
    personal_message: z
      .string()
      .trim()
      .max(PERSONAL_MESSAGE_MAX, 'validation.tooLong')
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
    connection_token: z.string().max(200).nullable().optional(),
  })
  .strict();
export type ConnectionDirectRequest = z.input<typeof connectionDirectSchema>;

/** PATCH /api/connection/{id} (merge-patch). */
export const connectionPatchSchema = z
  .object({
    watching: z.boolean().optional(),
    personal_message: z
      .string()
      .trim()
      .max(PERSONAL_MESSAGE_MAX, 'validation.tooLong')
      .nullable()
      .optional(),
  })
  .strict();
export type ConnectionPatch = z.infer<typeof connectionPatchSchema>;

/** GET /api/connection-token: the viewer's personal QR token. */
export interface ConnectionTokenAnswer {
  token: string;
  valid_until: string;
  /** the link the QR code carries: `${PUBLIC_URL}/connections/accept/{token}?qr=1` */
  url: string;
}

/** GET /api/qr_connection/{value}: who a QR token belongs to. */
export interface QrConnectionAnswer {
  user: UserSummary & { name_official: string | null; user_identified: boolean };
  valid_until: string;
  /** the viewer's relation to that person: null (none), or the connection's status */
  connection_status: ConnectionViewStatus | null;
  /** the token is the viewer's own */
  own: boolean;
}

/** GET /api/p/connection-invitation/{value}: who invited, for the accept-by-link page. */
export interface ConnectionInvitationAnswer {
  user_outbound: UserSummary;
  user_to_email: string | null;
  personal_message: string | null;
  valid_until: string | null;
  /** the invitation names an account (login and accept) or only an address (sign up) */
  has_account: boolean;
  /** the viewer is the person it invited and is connected already (e.g. by signing up) */
  connected: boolean;
}

/** GET /api/user/contact/count (docs/DOMAIN.md, Entities: Contact stats). */
export interface ContactCounts {
  connections: number;
  followers: number;
  delegations: number;
  followings: number;
}

/** POST /api/follow, /api/follower_unfollow. */
export const followSchema = z.object({ following: z.union([z.string(), z.number()]) }).strict();
/** POST /api/follower_decline. */
export const followerDeclineSchema = z
  .object({ follower: z.union([z.string(), z.number()]) })
  .strict();

/** One entry of GET /api/followers or /api/followings. */
export interface FollowEntry {
  /** the other person's IRI */
  '@id': string;
  user: ContactCard;
  /** 'active': the viewer follows this person */
  following_status: 'active' | null;
  /** this person follows the viewer */
  follows_you: boolean;
  created_at: string;
}

/** POST /api/follow answer. */
export interface FollowAnswer {
  follower: string;
  following: string;
  following_status: 'active';
  created_at: string;
}

/** POST /api/block. */
export const blockSchema = z.object({ blocked: z.union([z.string(), z.number()]) }).strict();

export interface BlockEntry {
  '@id': string;
  user: UserSummary;
  created_at: string;
}

/** Favourites (docs/DOMAIN.md, Entities: Favourite; docs/API.md, Calls). */
export const FAVOURITE_TYPES = ['collection', 'connection'] as const;
export type FavouriteType = (typeof FAVOURITE_TYPES)[number];

export interface Favourite {
  id: number;
  '@id': string;
  type: FavouriteType;
  collectionId: string | null;
  userId: number | null;
  /** the viewer owns the collection (false for contacts) */
  isOwner: boolean;
  /** the collection is collaborative (false for contacts) */
  isCollaboration: boolean;
  /** the collection's or person's name, picture and initials, for the side menu */
  name: string;
  picture: string | null;
  label: string;
  created_at: string;
}

export const favouriteCollectionSchema = z
  .object({ collection: z.union([z.string(), z.number()]) })
  .strict();
export const favouriteContactSchema = z
  .object({ favouriteUser: z.union([z.string(), z.number()]) })
  .strict();

/** POST /api/suggestion_exclude. */
export const suggestionExcludeSchema = z
  .object({ userDoNotSuggest: z.union([z.string(), z.number()]) })
  .strict();
export interface SuggestionExcludeAnswer {
  id: number;
  userDoNotSuggest: string;
  created_at: string;
}

/** POST /api/content/watching: a person ({user_watching}) or a collection ({collection}). */
export const contentWatchingSchema = z
  .object({
    user_watching: z.union([z.string(), z.number()]).optional(),
    collection: z.union([z.string(), z.number()]).optional(),
  })
  .strict();
export interface ContentWatchingAnswer {
  user_watching: string;
  connection: string;
  watching: boolean;
}

/**
 * The public profile (docs/DOMAIN.md, Entities) with the profile flags (docs/RULES.md, Roles).
 * The public profile settings (docs/RULES.md, Public profile) fill address, website, linkedin,
 * the accent colour, banner and call-to-action; they are null where not set.
 */
export interface PublicProfile {
  id: number;
  '@id': string;
  profile_id: number;
  name: string;
  name_official: string | null;
  user_identified: boolean;
  picture: string | null;
  label: string;
  user_type: UserType;
  workspace_type: WorkspaceType | null;
  description: string | null;
  function: string | null;
  organization_name: string | null;
  location: string | null;
  country: string | null;
  /** shared with contacts, or public when the person discloses their email */
  usermail: string | null;
  phone: string | null;
  address: string | null;
  website: string | null;
  linkedin: string | null;
  accent_color: string | null;
  /** the public profile's address: /p/profile/{slug} */
  slug: string | null;
  /** the public profile banner and the profile cover (1200w photo URLs) */
  banner: string | null;
  cover: string | null;
  /** the public profile's own picture (550w photo URL), shown there instead of `picture` */
  public_picture: string | null;
  cta_button_title: string | null;
  cta_button_url: string | null;
  cta_button_font_color: string | null;
  cta_button_color: string | null;
  /** 'active' when the viewer follows this person */
  following_status: 'active' | null;
  /** this person follows the viewer */
  follows_you: boolean;
  /** the viewer's connection with this person, if any */
  connection: { id: number; status: ConnectionViewStatus } | null;
  is_connected: boolean;
  /** the person wants a subscription from people who connect (workspace rule) */
  connections_require_product_id: string | number | null;
  connection_message_required: boolean;
  connection_message_hint: string | null;
  user_has_public_profile: boolean;
  public_profile_enabled: boolean;
  enable_direct_messages: boolean;
  memo_copy_allowed: boolean;
  memo_comments_allowed: boolean;
  allow_reactions: boolean;
  require_identification_for_comments: boolean;
  user_can_create_public_collection: boolean;
  user_has_professional_subscription: boolean;
  user_has_extended_subscription: boolean;
  favourite_id: number | null;
  /** counts shown on the profile */
  counts: ContactCounts;
  /** the viewer looks at their own profile (false in preview) */
  isOwner: boolean;
}

/**
 * Reports (docs/DOMAIN.md, Entities: Report, Validation: Reports; docs/API.md, Calls: Reports and
 * support).
 */
export const REPORT_TYPES = ['memo', 'collection', 'profile'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/**
 * POST /api/support/request. A report carries `type`, `reason` (required) and the reported
 * item (`memo`, `collection` or `user` as IRI or id; or its `link`); a support request
 * without `type` carries `title` and `description`. The server composes the title (naming
 * the reporter) and the description (link, title, reason, owner) for moderation.
 */
export const supportRequestSchema = z
  .object({
    type: z.enum(REPORT_TYPES, { message: 'validation.invalid' }).optional(),
    reason: z.string().trim().max(REPORT_REASON_MAX, 'validation.tooLong').optional(),
    link: z.string().trim().max(2000, 'validation.tooLong').optional(),
    memo: z.union([z.string(), z.number()]).optional(),
    collection: z.union([z.string(), z.number()]).optional(),
    user: z.union([z.string(), z.number()]).optional(),
    title: z.string().trim().max(250, 'validation.tooLong').optional(),
    description: z.string().trim().max(10_000, 'validation.tooLong').optional(),
  })
  .strict();
export type SupportRequest = z.input<typeof supportRequestSchema>;

export interface ReportAnswer {
  id: number;
  type: ReportType | 'support';
  title: string;
  description: string;
  reason: string | null;
  link: string | null;
  status: 'open';
  created_at: string;
}

/**
 * The activity types this area records for notifications (docs/DOMAIN.md, Entities: Notification).
 */
export const SOCIAL_ACTIVITY_TYPES = [
  /** a request reached its receiver */
  'new_connection',
  /** the sender's request was accepted (also when an invited address signs up) */
  'accepted_connection',
  /** someone connected through the recipient's personal QR token */
  'auto_accepted_connection',
  'new_follower',
  /** the recipient was removed as a follower */
  'decline_follower',
] as const;
