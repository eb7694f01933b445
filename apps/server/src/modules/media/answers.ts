import { z } from 'zod';

const suggestions = z.object({
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  description: z.string().nullable(),
});

/** The Attachment answer (packages/domain attachment.ts), for OpenAPI and stripping. */
export const attachmentAnswer = z.object({
  id: z.number(),
  '@id': z.string(),
  type: z.enum(['photo', 'video', 'document']),
  content_url: z.string(),
  secure_url: z.string().nullable(),
  secure_urls: z.record(z.string(), z.string()).nullable(),
  file_name: z.string(),
  mime_type: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  ratio: z.number(),
  description: z.string().nullable(),
  sequence_number: z.number(),
  length: z.number().nullable(),
  size: z.number(),
  status: z.string(),
  action: z.literal('delete').nullable(),
  replace_document_id: z.number().nullable(),
  replaced_by_document_id: z.number().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  user: z.number(),
  suggestions: suggestions.optional(),
});
