import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MEGABYTE } from '@memoria/domain';
import { ApiError } from '../../http/errors.js';

/**
 * The most of a refused upload's body still in flight that is read and thrown away so the
 * connection can serve the next request; beyond it (or when the length is unknown) the
 * connection is closed instead, as reading gigabytes only to refuse them is waste.
 */
export const DRAIN_LIMIT_BYTES = 8 * MEGABYTE;

/** 400 for a multipart body that cannot be read. */
export const malformedUpload = () => new ApiError(400, 'media.malformedUpload');

/**
 * The multipart parser (busboy) fails with plain errors on a body it cannot read: no
 * boundary in the content type, a part or the form cut off. Those are the client's fault.
 */
function isMalformedMultipart(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { statusCode?: unknown }).statusCode === undefined &&
    /multipart/i.test(error.message)
  );
}

/**
 * Answers a refused upload without leaving its connection stuck: once a route answered
 * before the whole body arrived (a 422 on the first bytes of the file, a 413), the rest of
 * the body is still on the socket and nothing reads it, so a keep-alive client's next
 * request would wait forever. A small rest is drained; a large or unknown one is not worth
 * reading: the answer says `Connection: close` and the socket closes after it.
 */
function releaseUnreadBody(
  request: FastifyRequest,
  setHeader: (name: string, value: string) => void,
) {
  const raw = request.raw;
  // Only a real socket says `complete`; injected requests have no such property.
  if (raw.complete !== false) return;
  const declared = Number(raw.headers['content-length']);
  if (!Number.isFinite(declared) || declared > DRAIN_LIMIT_BYTES) {
    setHeader('connection', 'close');
  }
  raw.unpipe();
  raw.resume();
}

/**
 * Installs, in the plugin scope holding the upload routes, the answers to broken multipart
 * bodies (400 media.malformedUpload rather than 500) and the release of unread bodies.
 */
export function guardUploadScope(scope: FastifyInstance): void {
  scope.setErrorHandler((error) => {
    // Thrown on: Fastify hands it to the application's error handler.
    throw isMalformedMultipart(error) ? malformedUpload() : error;
  });
  scope.addHook('onSend', async (request, reply) => {
    releaseUnreadBody(request, (name, value) => reply.header(name, value));
  });
}
