import { useRef, useState } from 'react';
import type { Attachment } from '@memoria/domain';
import { useTranslation } from '../../i18n';
import { showApiError, showError } from '../../ui/toasts';
import { UploadAborted, checkFile, uploadFile } from '../media/upload';
import type { MessageAttachment } from './types';

/**
 * Photos and documents for the next message, each uploaded at once with its progress
 * (docs/notes/messenger-screens.md, Attachments): the media module stores them unattached and the
 * message takes them by IRI.
 */
export interface PendingUpload {
  id: number;
  name: string;
  kind: 'photo' | 'document';
  progress: number;
  attachment: MessageAttachment | null;
}

let nextId = 0;

export function toMessageAttachment(item: Attachment): MessageAttachment {
  return {
    id: item.id,
    '@id': item['@id'],
    content_url: item.secure_url ?? item.content_url,
    secure_urls: item.secure_urls,
    width: item.width,
    height: item.height,
    name: item.file_name,
    mime_type: item.mime_type,
  };
}

export function useUploads() {
  const { t } = useTranslation();
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const controllers = useRef(new Map<number, AbortController>());

  const update = (id: number, change: Partial<PendingUpload>) =>
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));

  const add = (files: File[]) => {
    for (const file of files) {
      const check = checkFile(file, 'message', ['photo', 'document']);
      if (!('kind' in check)) {
        showError(
          check.code === 'invalidFileType'
            ? t('media.upload.invalidFileType')
            : t('media.upload.maxFileSize', { limit: check.limit }),
        );
        continue;
      }
      const kind = check.kind === 'photo' ? 'photo' : 'document';
      nextId += 1;
      const id = nextId;
      const controller = new AbortController();
      controllers.current.set(id, controller);
      setUploads((list) => [...list, { id, name: file.name, kind, progress: 0, attachment: null }]);
      uploadFile({
        file,
        kind,
        target: 'message',
        onProgress: (fraction) => update(id, { progress: fraction }),
        signal: controller.signal,
      })
        .then((item) => update(id, { progress: 1, attachment: toMessageAttachment(item) }))
        .catch((error: unknown) => {
          setUploads((list) => list.filter((u) => u.id !== id));
          if (!(error instanceof UploadAborted)) showApiError(error);
        })
        .finally(() => controllers.current.delete(id));
    }
  };

  const remove = (id: number) => {
    controllers.current.get(id)?.abort();
    setUploads((list) => list.filter((u) => u.id !== id));
  };

  const clear = () => setUploads([]);
  const busy = uploads.some((u) => u.attachment === null);
  const done = (kind: PendingUpload['kind']) =>
    uploads.flatMap((u) => (u.kind === kind && u.attachment ? [u.attachment] : []));
  return { uploads, add, remove, clear, busy, photos: done('photo'), documents: done('document') };
}
