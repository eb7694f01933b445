import type { Attachment, AttachmentKind } from '@memoria/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../i18n';
import { errorText, showError } from '../../ui/toasts';
import { UploadAborted, checkFile, uploadFile, type UploadTarget } from './upload';

export type UploadStatus = 'uploading' | 'done' | 'error';

export interface QueueItem {
  key: string;
  file: File;
  kind: AttachmentKind | null;
  status: UploadStatus;
  /** 0..1 */
  progress: number;
  /** the error kept on the file (docs/DOMAIN.md, Validation) */
  error: string | null;
  /** refused before sending (type or size): retrying cannot help */
  rejected: boolean;
  attachment: Attachment | null;
}

export interface UploadQueueOptions {
  target: UploadTarget;
  allowed: readonly AttachmentKind[];
  /** attach uploads to this memo at once */
  memoId?: number;
  onUploaded?: (attachment: Attachment, item: QueueItem) => void;
}

let counter = 0;
const nextKey = () => `upload-${++counter}`;

/**
 * Several files at once, each streamed on its own with a progress value; a failure keeps
 * its error on the file and shows a toast that stays until closed (docs/DOMAIN.md, Validation;
 * docs/API.md, Errors); retry sends the file again, cancel aborts it and drops it from the queue.
 */
export function useUploadQueue(options: UploadQueueOptions) {
  const [items, setItems] = useState<QueueItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<QueueItem>) => {
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  }, []);

  const fail = useCallback(
    (key: string, fileName: string, message: string) => {
      patch(key, { status: 'error', error: message });
      showError(t('media.upload.failed', { name: fileName, error: message }), 0);
    },
    [patch],
  );

  const start = useCallback(
    (item: QueueItem) => {
      if (!item.kind) return;
      const { target, memoId } = optionsRef.current;
      const controller = new AbortController();
      controllers.current.set(item.key, controller);
      patch(item.key, { status: 'uploading', progress: 0, error: null });
      uploadFile({
        file: item.file,
        kind: item.kind,
        target,
        memoId,
        signal: controller.signal,
        onProgress: (progress) => patch(item.key, { progress }),
      }).then(
        (attachment) => {
          controllers.current.delete(item.key);
          const done: QueueItem = { ...item, status: 'done', progress: 1, error: null, attachment };
          patch(item.key, done);
          optionsRef.current.onUploaded?.(attachment, done);
        },
        (error: unknown) => {
          controllers.current.delete(item.key);
          if (error instanceof UploadAborted) return;
          fail(item.key, item.file.name, errorText(error));
        },
      );
    },
    [fail, patch],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const { target, allowed } = optionsRef.current;
      const fresh: QueueItem[] = files.map((file) => {
        const check = checkFile(file, target, allowed);
        const base = { key: nextKey(), file, progress: 0, attachment: null };
        if ('kind' in check) {
          return { ...base, kind: check.kind, status: 'uploading', error: null, rejected: false };
        }
        const error =
          check.code === 'invalidFileType'
            ? t('media.upload.invalidFileType')
            : t('media.upload.maxFileSize', { limit: check.limit });
        return { ...base, kind: null, status: 'error', error, rejected: true };
      });
      setItems((current) => [...current, ...fresh]);
      for (const item of fresh) {
        if (item.rejected) {
          showError(t('media.upload.failed', { name: item.file.name, error: item.error ?? '' }), 0);
        } else start(item);
      }
    },
    [start],
  );

  const retry = useCallback(
    (key: string) => {
      const item = items.find((entry) => entry.key === key);
      if (item && item.status === 'error' && !item.rejected) start(item);
    },
    [items, start],
  );

  /** Aborts a running upload and drops the file (also clears failed or finished entries). */
  const cancel = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  const clear = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    setItems([]);
  }, []);

  const busy = items.some((item) => item.status === 'uploading');
  return { items, add, retry, cancel, clear, busy };
}
