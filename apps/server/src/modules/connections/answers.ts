import { z } from 'zod';
import { CONNECTION_VIEW_STATUSES } from '@memoria/domain';
import { contactCardAnswer, userSummaryAnswer } from '../users/people-answers.js';

/** Response schemas of connections (OpenAPI, and nothing unlisted leaves the server). */
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
  workspace_contact: z
    .boolean()
    .describe('a workspace you both belong to shares contact fields of this person with you'),
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
