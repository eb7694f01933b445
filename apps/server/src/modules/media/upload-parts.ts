import type { FastifyRequest } from 'fastify';
import { ApiError, violation } from '../../http/errors.js';
import { intIdFromIri } from '../../http/iri.js';
import { malformedUpload } from './upload-scope.js';

/** An attachment id from a path segment (an IRI or a bare id); 404 otherwise. */
export function attachmentIdOf(raw: string): number {
  const id = intIdFromIri(raw);
  if (id === undefined) throw new ApiError(404, 'media.notFound');
  return id;
}

/**
 * The one file part of a multipart upload (field `file`), with the fields sent before it
 * (fields after the file are not read: the file streams on as soon as it starts).
 */
export async function filePart(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw new ApiError(415, 'error.unsupportedMediaType');
  const part = await request
    .file({ limits: { fileSize: maxBytes, files: 1 } })
    .catch((error: unknown) => {
      // Before any part is read, the parser's only plain errors are about the body's form
      // (e.g. a boundary longer than it accepts); its own answers carry a statusCode.
      throw (error as { statusCode?: unknown }).statusCode === undefined
        ? malformedUpload()
        : error;
    });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw violation('file', 'media.fileRequired');
  }
  const field = (name: string): string | undefined => {
    const value = part.fields[name];
    const one = Array.isArray(value) ? value[0] : value;
    return one && one.type === 'field' && typeof one.value === 'string' ? one.value : undefined;
  };
  return { part, field };
}

export type FilePart = Awaited<ReturnType<typeof filePart>>;
