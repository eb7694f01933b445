import {
  COLLECTION_PICTURE_MAX_MB,
  EXTENSIONS_BY_KIND,
  LIMITS,
  MEGABYTE,
  fileExtension,
  type Attachment,
  type AttachmentKind,
} from '@memoria/domain';
import { buildHeaders, buildUrl, sendWithSession, type SentAnswer } from '../../api/client';
import { ApiError } from '../../api/errors';

/** Where a file goes (docs/API.md, Calls: media paths). */
export type UploadTarget =
  'memo' | 'message' | 'collection' | 'avatar' | 'cover' | 'banner' | 'public_picture' | 'thread';

/** The kinds a file may become, in the order tried: a pdf is a document, an mp4 a video. */
export function kindOfFile(
  fileName: string,
  allowed: readonly AttachmentKind[] = ['photo', 'video', 'document'],
): AttachmentKind | null {
  const ext = fileExtension(fileName);
  for (const kind of ['photo', 'video', 'document'] as const) {
    if (allowed.includes(kind) && EXTENSIONS_BY_KIND[kind].includes(ext)) return kind;
  }
  return null;
}

export function uploadPath(target: UploadTarget, kind: AttachmentKind): string {
  if (target === 'collection') return '/api/collection/picture';
  if (target === 'thread') return '/api/thread/picture';
  if (target === 'avatar') return '/api/user/picture';
  if (target === 'cover') return '/api/user/cover';
  if (target === 'banner') return '/api/profile/banner';
  if (target === 'public_picture') return '/api/profile/picture';
  if (target === 'message') return `/api/message/${kind}`;
  return `/api/memo/${kind}`;
}

/**
 * Size limit in MB for a target (docs/DOMAIN.md, Validation; docs/RULES.md, Limits: 5120 MB,
 * collection and account pictures 80).
 */
export function limitMb(target: UploadTarget): number {
  return target === 'memo' || target === 'message'
    ? LIMITS.uploadLimitMbDefault
    : COLLECTION_PICTURE_MAX_MB;
}

export type FileProblem = { code: 'invalidFileType' } | { code: 'maxFileSize'; limit: number };

/** Client checks before sending (the server repeats them on the content). */
export function checkFile(
  file: { name: string; size: number },
  target: UploadTarget,
  allowed: readonly AttachmentKind[],
): { kind: AttachmentKind } | FileProblem {
  const kind = kindOfFile(file.name, allowed);
  if (!kind) return { code: 'invalidFileType' };
  const limit = limitMb(target);
  if (file.size > limit * MEGABYTE) return { code: 'maxFileSize', limit };
  return { kind };
}

export interface UploadRequest {
  file: File;
  kind: AttachmentKind;
  target: UploadTarget;
  /** attach at once to this memo (multipart field `memo` before `file`) */
  memoId?: number;
  /** a document upload that is the new version of this document (`replace_document_id`) */
  replaceDocumentId?: number;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

export class UploadAborted extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadAborted';
  }
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function sendOnce(request: UploadRequest, token: string | undefined) {
  return new Promise<SentAnswer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(uploadPath(request.target, request.kind)));
    // The client's headers without a Content-Type: the browser sets the multipart boundary.
    buildHeaders({}, token).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        header: (name) => xhr.getResponseHeader(name),
        body: () => Promise.resolve(parse(xhr.responseText)),
      });
    xhr.onerror = () => reject(new ApiError(0, undefined));
    xhr.onabort = () => reject(new UploadAborted());
    const onAbort = () => xhr.abort();
    if (request.signal.aborted) {
      reject(new UploadAborted());
      return;
    }
    request.signal.addEventListener('abort', onAbort, { once: true });
    const form = new FormData();
    if (request.memoId !== undefined) form.append('memo', String(request.memoId));
    if (request.replaceDocumentId !== undefined) {
      form.append('replace_document_id', String(request.replaceDocumentId));
    }
    form.append('file', request.file, request.file.name);
    xhr.send(form);
  });
}

/**
 * Streams one file with XMLHttpRequest (upload progress) under the API client's session
 * rules (sendWithSession: one refresh and one retry after a 401, the session ended when that
 * fails); a retry starts its progress again from 0. Resolves with the Attachment.
 */
export function uploadFile(request: UploadRequest): Promise<Attachment> {
  let attempts = 0;
  return sendWithSession<Attachment>((token) => {
    if (attempts++ > 0) request.onProgress(0);
    return sendOnce(request, token);
  });
}
