import { z } from 'zod';
import type { Attachment } from './attachment.js';
import type { UserSummary } from './people.js';

/** Collection audiences (docs/DOMAIN.md, Entities, States; docs/RULES.md, Audiences). */
export const COLLECTION_TYPES = [
  'private',
  'selected_contacts',
  'identified_contacts',
  'all_contacts',
  'all_contacts_followers',
  'public',
] as const;
export type CollectionType = (typeof COLLECTION_TYPES)[number];

/** Types whose audience may add memos when is_collaboration is on. */
export const COLLABORATIVE_TYPES: readonly CollectionType[] = [
  'selected_contacts',
  'identified_contacts',
  'all_contacts',
];

export const COLLECTION_ID_LENGTH = 10;
export const COLLECTION_ID_PATTERN = /^[A-Za-z0-9]{10}$/;
export const COLLECTION_NAME_MAX = 100;
export const COLLECTION_DESCRIPTION_MAX = 2000;
export const GROUP_NAME_MAX = 100;

export interface CollectionMember {
  id: number;
  user: UserSummary;
  /** in GET /api/collection/{id}/user: the owner, or someone who may read it */
  role?: 'owner' | 'member';
}

/** A collection as the API answers it (docs/DOMAIN.md, Entities: Collection). */
export interface Collection {
  id: string;
  '@id': string;
  /**
   * '' when the reader may not know the audience (docs/RULES.md, Audiences: empty by default when
   * read)
   */
  type: CollectionType | '';
  name: string;
  description: string | null;
  author: UserSummary;
  /** the author has a public profile anyone may open (/p/profile/{id}); else show the name only */
  author_has_public_profile: boolean;
  /** the viewer is the author (or acts for the author through a delegation) */
  isOwner: boolean;
  is_collaboration: boolean;
  collaboration_on_checklist: boolean;
  allow_add_documents: boolean;
  allow_replace_documents: boolean;
  preserve_documents_version: boolean;
  public_link_on: boolean;
  /** the viewer watches comments in this collection */
  notify_me: boolean;
  /** the viewer watches new content in this collection */
  content_watching_notify_me: boolean;
  user_can_join_call: boolean;
  is_muted: boolean;
  muted_collection_id: number | null;
  group_name: string | null;
  favourite_id: number | null;
  transfer_collection: boolean;
  memos_count: number;
  created_at: string;
  modified_at: string;
  /** cover picture URL (collection_picture content_url), or null */
  picture: string | null;
  collection_picture: Attachment | null;
  /** only the owner sees the list of selected people */
  users_per_collection: CollectionMember[];
  /** initials of the name, shown when there is no picture */
  label: string;
  /** the viewer may add memos to it (the owner, or a collaborator) */
  can_add_memos?: boolean;
}

const flag = z.boolean().default(false);

/** Text without NUL characters (PostgreSQL cannot store them; no form can type them). */
const noNul = (value: string) => !value.includes('\u0000');

/**
 * POST /api/collection and PUT /api/collection/{id} (docs/DOMAIN.md, Entities: Collection form).
 * Cross-field rules (audience, collaboration chain, plan gating) are checked by the
 * server's collection service and mirrored by the web form.
 */
export const collectionWriteSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(COLLECTION_NAME_MAX, 'validation.tooLong')
      .refine(noNul, 'validation.invalid'),
    description: z
      .string()
      .trim()
      .max(COLLECTION_DESCRIPTION_MAX, 'validation.tooLong')
      .refine(noNul, 'validation.invalid')
      .nullable()
      .optional(),
    type: z.enum(COLLECTION_TYPES, { message: 'validation.invalid' }).default('private'),
    private: z.boolean().optional(),
    /** user references `/api/user/{id}` (or bare ids) */
    users_per_collection: z
      .array(z.union([z.string(), z.number()]))
      .max(1000)
      .default([]),
    is_collaboration: flag,
    collaboration_on_checklist: flag,
    allow_add_documents: flag,
    allow_replace_documents: flag,
    preserve_documents_version: flag,
    public_link_on: flag,
    user_can_join_call: flag,
    group_name: z
      .string()
      .trim()
      .max(GROUP_NAME_MAX, 'validation.tooLong')
      .refine(noNul, 'validation.invalid')
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
    /** an uploaded picture's IRI or id (media issue), or null to remove it */
    collection_picture: z.union([z.string(), z.number()]).nullable().optional(),
  })
  .strict();
export type CollectionWrite = z.input<typeof collectionWriteSchema>;
export type CollectionWriteParsed = z.output<typeof collectionWriteSchema>;

/**
 * PATCH /api/collection/{id} (merge-patch, e.g. `{collection_picture}`): any field of the
 * form; absent fields keep their stored value. The same cross-field rules apply to the
 * merged result.
 */
export const collectionPatchSchema = z
  .object(
    Object.fromEntries(
      Object.entries(collectionWriteSchema.shape).map(([key, field]) => [
        key,
        (field instanceof z.ZodDefault ? field.unwrap() : field).optional(),
      ]),
    ) as {
      [K in keyof typeof collectionWriteSchema.shape]: z.ZodOptional<
        (typeof collectionWriteSchema.shape)[K] extends z.ZodDefault<infer Inner>
          ? Inner
          : (typeof collectionWriteSchema.shape)[K]
      >;
    },
  )
  .strict();
export type CollectionPatch = z.output<typeof collectionPatchSchema>;
