import type { FastifyInstance } from 'fastify';
import { Server } from '@tus/server';
import { formatMessage } from '@memoria/domain';
import type { Database } from '../../db/database.js';
import { readBool, readTime } from '../../db/dialect.js';
import type { TransferFiles } from './files.js';
import { UPLOAD_PATH } from './service.js';
import { findUploadTarget, markUploaded } from './store.js';

/**
 * The tus endpoint (resumable uploads, https://tus.io): HEAD answers how much of a file
 * arrived, PATCH appends at that offset. Uploads are created by POST /api/transfers, never
 * by tus itself, and an upload id is a random secret only its sender learns. The raw Node
 * request goes to @tus/server unparsed, so a body of gigabytes streams straight to disk.
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  database: Database,
  files: TransferFiles,
): Promise<void> {
  // made on the first upload request: the file store behind it is made on first use (files.ts)
  let server: Server | undefined;
  const tus = () =>
    (server ??= new Server({
      path: UPLOAD_PATH,
      datastore: files.store,
      async onIncomingRequest(req, id) {
        const target = await findUploadTarget(database, id);
        const open =
          target &&
          target.status === 'uploading' &&
          !readBool(target.uploaded) &&
          (readTime(target.expires_at)?.getTime() ?? 0) > Date.now();
        // A HEAD after the last byte (a resumed client checking) still learns it is done.
        if (!open && !(req.method === 'HEAD' && target && readBool(target.uploaded))) {
          throw { status_code: 404, body: formatMessage('transfer.invalidLink') };
        }
      },
      async onUploadFinish(_req, upload) {
        await markUploaded(database, upload.id);
        return {};
      },
    }));

  await app.register(async (scope) => {
    // tus bodies are application/offset+octet-stream; leave them unread for the handler.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['HEAD', 'PATCH', 'OPTIONS'],
      url: `${UPLOAD_PATH}/:uploadId`,
      // Bearer of the upload id, whoever is signed in; chunks of one big file are many
      // requests, so the global per-minute limit would cut a large upload short.
      config: { right: 'any', rateLimit: false },
      schema: { hide: true },
      async handler(request, reply) {
        reply.hijack();
        await tus().handle(request.raw, reply.raw);
      },
    });
  });
}
