import type { Attachment } from '@memoria/domain';

/** An Attachment as the API answers it (packages/domain/src/attachment.ts). */
export function attachmentFixture(overrides: Partial<Attachment> = {}): Attachment {
  const id = overrides.id ?? 11;
  const type = overrides.type ?? 'photo';
  const base = `https://media.test/api/memo/${type}/${id}`;
  return {
    id,
    '@id': `/api/memo/${type}/${id}`,
    type,
    content_url: base,
    secure_url: `${base}?sig=s`,
    secure_urls:
      type === 'document'
        ? null
        : {
            '220w': `${base}?variant=220w&sig=s`,
            '550w': `${base}?variant=550w&sig=s`,
            '900w': `${base}?variant=900w&sig=s`,
          },
    file_name: `file-${id}.${type === 'photo' ? 'jpg' : type === 'video' ? 'mp4' : 'pdf'}`,
    mime_type: type === 'photo' ? 'image/jpeg' : type === 'video' ? 'video/mp4' : 'application/pdf',
    width: 800,
    height: 600,
    ratio: type === 'video' ? 1.75 : 1,
    description: null,
    sequence_number: 0,
    length: null,
    size: 2048,
    status: 'ready',
    action: null,
    replace_document_id: null,
    replaced_by_document_id: null,
    error: null,
    created_at: '2026-11-20T10:00:00Z',
    user: 7,
    ...overrides,
  };
}

type Listener = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

/**
 * A scripted XMLHttpRequest: tests drive each sent request (progress, answer, failure).
 * Install with `vi.stubGlobal('XMLHttpRequest', FakeXhr)`; read `FakeXhr.sent`.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  aborted = false;
  upload: { onprogress: Listener | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  /** Header names are kept in lower case (HTTP's names are case-insensitive). */
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseHeaders = headers;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}
