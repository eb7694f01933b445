import { z } from 'zod';
import { contactCardAnswer } from '../users/people-answers.js';

export const followEntryAnswer = z.object({
  '@id': z.string(),
  user: contactCardAnswer,
  following_status: z.literal('active').nullable(),
  follows_you: z.boolean(),
  created_at: z.string(),
});
