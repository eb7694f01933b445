import { z } from 'zod';
import { USER_TYPES, WORKSPACE_TYPES } from '@memoria/domain';

/** How people appear in other answers: summaries and connection cards (see people.ts). */
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
