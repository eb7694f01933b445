import { z } from 'zod';
import { COLLECTION_TYPES } from '@memoria/domain';

/** Response schemas: the Collection shape of @memoria/domain (OpenAPI, and no stray fields). */

export const userSummaryAnswer = z.object({
  id: z.number(),
  '@id': z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  label: z.string(),
});

export const collectionAnswer = z.object({
  id: z.string(),
  '@id': z.string(),
  type: z
    .union([z.enum(COLLECTION_TYPES), z.literal('')])
    .describe("'' for everyone but the owner"),
  name: z.string(),
  description: z.string().nullable(),
  author: userSummaryAnswer,
  author_has_public_profile: z
    .boolean()
    .describe('the author has a public profile (/p/profile/{id}) anyone may open'),
  isOwner: z.boolean(),
  is_collaboration: z.boolean(),
  collaboration_on_checklist: z.boolean(),
  allow_add_documents: z.boolean(),
  allow_replace_documents: z.boolean(),
  preserve_documents_version: z.boolean(),
  public_link_on: z.boolean(),
  notify_me: z.boolean(),
  content_watching_notify_me: z.boolean(),
  user_can_join_call: z.boolean(),
  is_muted: z.boolean(),
  muted_collection_id: z.number().nullable(),
  group_name: z.string().nullable(),
  favourite_id: z.number().nullable(),
  transfer_collection: z.boolean(),
  memos_count: z.number(),
  created_at: z.string(),
  modified_at: z.string(),
  picture: z.string().nullable(),
  collection_picture: z.unknown().nullable(),
  users_per_collection: z
    .array(z.object({ id: z.number(), user: userSummaryAnswer }))
    .describe('the selected people; only the owner sees them'),
  label: z.string(),
  can_add_memos: z.boolean().optional(),
});

export const collectionListAnswer = z.union([
  z.array(collectionAnswer),
  z.object({
    '@context': z.string(),
    '@id': z.string(),
    '@type': z.literal('hydra:Collection'),
    'hydra:member': z.array(collectionAnswer),
    'hydra:totalItems': z.number(),
  }),
]);

export const memberAnswer = z.object({
  id: z.number().describe('the user id'),
  user: userSummaryAnswer,
  role: z.enum(['owner', 'member']),
});

export const memberListAnswer = z.union([
  z.array(memberAnswer),
  z.object({
    '@context': z.string(),
    '@id': z.string(),
    '@type': z.literal('hydra:Collection'),
    'hydra:member': z.array(memberAnswer),
    'hydra:totalItems': z.number(),
  }),
]);

export const muteAnswer = z.object({
  id: z.number(),
  collection: z.string().describe('the collection IRI'),
});

export const watchAnswer = z.object({
  id: z.number(),
  collection: z.string().optional(),
  memo: z.string().optional(),
  notify_me: z.boolean(),
});
