import { z } from 'zod';
import { FAVOURITE_TYPES } from '@memoria/domain';

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
