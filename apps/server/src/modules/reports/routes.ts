import { z } from 'zod';
import { REPORT_TYPES, supportRequestSchema } from '@memoria/domain';
import type { AuthGuard } from '../../http/auth.js';
import { authOf } from '../../http/request-context.js';
import type { ZodApp } from '../../http/zod-app.js';
import { security } from '../../http/route-schemas.js';
import type { ReportService } from './service.js';

const reportAnswer = z.object({
  id: z.number(),
  type: z.union([z.enum(REPORT_TYPES), z.literal('support')]),
  title: z.string(),
  description: z.string(),
  reason: z.string().nullable(),
  link: z.string().nullable(),
  status: z.literal('open'),
  created_at: z.string(),
});

export function registerReportRoutes(app: ZodApp, guard: AuthGuard, reports: ReportService): void {
  app.post(
    '/api/support/request',
    {
      config: { right: 'none' },
      preParsing: guard.required,
      schema: {
        tags: ['reports'],
        security,
        summary:
          'Report a memo, collection or profile ({type, reason, memo|collection|user or link}), or ask support ({title, description})',
        body: supportRequestSchema,
        response: { 201: reportAnswer },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await reports.submit(authOf(request).userId, request.body)),
  );
}
