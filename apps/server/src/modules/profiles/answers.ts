import { z } from 'zod';
import {
  CONNECTION_VIEW_STATUSES,
  FAVOURITE_TYPES,
  USER_TYPES,
  WORKSPACE_TYPES,
} from '@memoria/domain';

/**
 * Response schemas of the social graph: the shapes of @memoria/domain/social (OpenAPI, and
 * nothing unlisted leaves the server).
 */

export const userSummaryAnswer = z.object({
  id: z.number(),
  '@id': z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  label: z.string(),
});

export const contactCardAnswer = userSummaryAnswer.extend({
  usermail: z.string().nullable(),
  phone_number: z.string().nullable(),
  function: z.string().nullable(),
  organization_name: z.string().nullable(),
  location: z.string().nullable(),
  name_official: z.string().nullable(),
  user_identified: z.boolean(),
  user_type: z.enum(USER_TYPES),
  workspace_type: z.enum(WORKSPACE_TYPES).nullable(),
});

export const connectionStatusAnswer = z
  .enum(CONNECTION_VIEW_STATUSES)
  .describe('from the viewer: outcome = sent, income = received, cancelled = declined');

export const connectionAnswer = z.object({
  id: z.number(),
  '@id': z.string(),
  status: connectionStatusAnswer,
  user_inbound: userSummaryAnswer.nullable(),
  user_outbound: userSummaryAnswer,
  user: contactCardAnswer.nullable().describe('the other person; null for an invitation'),
  user_id: z.number().nullable(),
  user_to_email: z.string().nullable(),
  personal_message: z.string().nullable(),
  created_at: z.string(),
  accepted_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
  watching: z.boolean(),
  auto_accepted: z.boolean(),
  private: z.boolean(),
  favourite_id: z.number().nullable(),
  picture: z.string().nullable(),
  label: z.string(),
  url: z.string().nullable(),
  valid_until: z.string().nullable().optional(),
});

export const contactCountsAnswer = z.object({
  connections: z.number(),
  followers: z.number(),
  delegations: z.number(),
  followings: z.number(),
});

export const followEntryAnswer = z.object({
  '@id': z.string(),
  user: contactCardAnswer,
  following_status: z.literal('active').nullable(),
  follows_you: z.boolean(),
  created_at: z.string(),
});

export const favouriteAnswer = z.object({
  id: z.number(),
  '@id': z.string(),
  type: z.enum(FAVOURITE_TYPES),
  collectionId: z.string().nullable(),
  userId: z.number().nullable(),
  isOwner: z.boolean(),
  isCollaboration: z.boolean(),
  name: z.string(),
  picture: z.string().nullable(),
  label: z.string(),
  created_at: z.string(),
});

export const publicProfileAnswer = z.object({
  id: z.number(),
  '@id': z.string(),
  profile_id: z.number(),
  name: z.string(),
  name_official: z.string().nullable(),
  user_identified: z.boolean(),
  picture: z.string().nullable(),
  label: z.string(),
  user_type: z.enum(USER_TYPES),
  workspace_type: z.enum(WORKSPACE_TYPES).nullable(),
  description: z.string().nullable(),
  function: z.string().nullable(),
  organization_name: z.string().nullable(),
  location: z.string().nullable(),
  country: z.string().nullable(),
  usermail: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  linkedin: z.string().nullable(),
  accent_color: z.string().nullable(),
  cta_button_url: z.string().nullable(),
  cta_button_font_color: z.string().nullable(),
  cta_button_color: z.string().nullable(),
  following_status: z.literal('active').nullable(),
  follows_you: z.boolean(),
  connection: z.object({ id: z.number(), status: connectionStatusAnswer }).nullable(),
  is_connected: z.boolean(),
  connections_require_product_id: z.union([z.string(), z.number()]).nullable(),
  connection_message_required: z.boolean(),
  connection_message_hint: z.string().nullable(),
  user_has_public_profile: z.boolean(),
  public_profile_enabled: z.boolean(),
  enable_direct_messages: z.boolean(),
  memo_copy_allowed: z.boolean(),
  memo_comments_allowed: z.boolean(),
  allow_reactions: z.boolean(),
  require_identification_for_comments: z.boolean(),
  user_can_create_public_collection: z.boolean(),
  user_has_professional_subscription: z.boolean(),
  user_has_extended_subscription: z.boolean(),
  favourite_id: z.number().nullable(),
  counts: contactCountsAnswer,
  isOwner: z.boolean(),
});
