import { z } from 'zod';
import { userSummaryAnswer } from '../memos/answers.js';

export const commentAnswer = z.object({
  id: z.number(),
  '@id': z.string(),
  memo: z.string().describe('memo IRI'),
  description: z.string().describe('plain text; mentions as @[name](user id)'),
  author: userSummaryAnswer,
  parent: z.string().nullable().describe('IRI of the comment this one answers'),
  replies_count: z.number(),
  mentions: z.array(userSummaryAnswer),
  createdAt: z.string(),
  updatedAt: z.string(),
  edited: z.boolean(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});

export function listOf<T extends z.ZodTypeAny>(item: T) {
  return z.union([
    z.array(item),
    z.object({
      '@context': z.string(),
      '@id': z.string(),
      '@type': z.string(),
      'hydra:member': z.array(item),
      'hydra:totalItems': z.number(),
    }),
  ]);
}
