import { z } from 'zod';
import { COMMENT_MAX, REACTION_TYPES, normalizeCommentText } from './engagement.js';

// The request schemas of comments and reactions, apart from engagement.ts: the web app's memo
// cards read the reaction kinds from there, and a module with zod schemas brings zod (about
// 22 kB gzip) to every screen that shows a card (docs/PERFORMANCE.md, Lighthouse).

const ref = z.union([z.string().max(200), z.number()]);

const commentText = z
  .string()
  .max(COMMENT_MAX * 2, 'validation.tooLong')
  .transform((text) => normalizeCommentText(text))
  .pipe(z.string().min(1, 'validation.required').max(COMMENT_MAX, 'validation.tooLong'));

/** POST /api/memo/comment */
export const commentCreateSchema = z
  .object({
    memo: ref,
    description: commentText,
    /** answer to this comment (IRI `/api/memo/comment/{id}` or id) */
    parent: ref.nullish(),
  })
  .strict();
export type CommentCreate = z.input<typeof commentCreateSchema>;

/** PATCH /api/memo/comment/{id} */
export const commentPatchSchema = z.object({ description: commentText }).strict();

/** POST /api/memo/reaction */
export const reactionCreateSchema = z
  .object({
    memo: ref,
    reaction_type: z.enum(REACTION_TYPES, { message: 'validation.invalid' }),
  })
  .strict();
export type ReactionCreate = z.input<typeof reactionCreateSchema>;
