import { Upload } from 'tus-js-client';
import { TRANSFER, transferCipherSize } from '@memoria/domain';
import { encryptedSlice, fileKey } from './crypto';

/**
 * Sends the files of a transfer with tus (resumable: a dropped connection retries from the
 * offset the server reports). The tus client reads the file through encryptedSlice, so
 * only the records of the chunk in flight are ever in memory, at whatever offset it
 * resumes.
 */

/** Whole records per PATCH, about 8 MB. */
const CHUNK = 128 * (TRANSFER.recordSize + TRANSFER.tagSize);
const RETRIES = [0, 1000, 3000, 5000, 10_000, 20_000];

export interface FileProgress {
  sent: number;
  total: number;
}

export interface UploadRun {
  pause(): void;
  resume(): void;
  /** settles when every file arrived */
  done: Promise<void>;
}

/** `secret` null: a collection transfer, whose files go as they are (not encrypted). */
export function uploadFiles(
  secret: Uint8Array<ArrayBuffer> | null,
  files: File[],
  uploadUrls: string[],
  onProgress: (index: number, progress: FileProgress) => void,
): UploadRun {
  const uploads: Upload[] = [];
  let current = 0;
  let paused = false;
  let settle: { resolve: () => void; reject: (error: Error) => void };
  const done = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });

  async function next(): Promise<void> {
    if (current >= files.length) {
      settle.resolve();
      return;
    }
    const index = current;
    const file = files[index]!;
    const key = secret ? await fileKey(secret, index) : null;
    const total = key ? transferCipherSize(file.size) : file.size;
    const upload = new Upload(file, {
      uploadUrl: new URL(uploadUrls[index]!, window.location.origin).href,
      chunkSize: CHUNK,
      retryDelays: RETRIES,
      storeFingerprintForResuming: false,
      ...(key && {
        fileReader: {
          openFile: async () => ({
            size: total,
            slice: async (start: number, end: number) => {
              const to = Math.min(end, total);
              const bytes = await encryptedSlice(file, key, start, to);
              return { value: new Blob([bytes]), done: to >= total };
            },
            close: () => undefined,
          }),
        },
      }),
      onProgress: (sent) => onProgress(index, { sent, total }),
      onError: (error) => settle.reject(error),
      onSuccess: () => {
        onProgress(index, { sent: total, total });
        current += 1;
        void next();
      },
    });
    uploads[index] = upload;
    if (!paused) upload.start();
  }

  void next().catch((error: Error) => settle!.reject(error));
  return {
    pause() {
      paused = true;
      void uploads[current]?.abort();
    },
    resume() {
      paused = false;
      uploads[current]?.start();
    },
    done,
  };
}

/** An unfinished transfer kept across a reload (docs/notes/file-transfer.md, Resuming). */
export interface PendingTransfer {
  id: string;
  secret: string;
  uploadUrls: string[];
  files: { name: string; size: number; lastModified: number }[];
}

const PENDING_KEY = 'memoria-transfer-pending';

export function savePending(pending: PendingTransfer | null): void {
  try {
    if (pending) localStorage.setItem(PENDING_KEY, JSON.stringify(pending));
    else localStorage.removeItem(PENDING_KEY);
  } catch {
    // private windows may refuse storage: the upload then cannot survive a reload
  }
}

export function loadPending(): PendingTransfer | null {
  try {
    const text = localStorage.getItem(PENDING_KEY);
    return text ? (JSON.parse(text) as PendingTransfer) : null;
  } catch {
    return null;
  }
}

/** The picked files in the pending transfer's order, or null when they are not the same. */
export function matchPending(pending: PendingTransfer, picked: File[]): File[] | null {
  const ordered = pending.files.map((want) =>
    picked.find(
      (file) =>
        file.name === want.name &&
        file.size === want.size &&
        file.lastModified === want.lastModified,
    ),
  );
  return ordered.every((file) => file !== undefined) ? (ordered as File[]) : null;
}
