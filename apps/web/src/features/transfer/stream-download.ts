/**
 * Saving a transfer file through the download worker (public/transfer-sw.js; see
 * docs/notes/file-transfer.md, Download): the page hands the worker one file's key and the
 * address of its ciphertext, then opens the worker's address in a hidden frame; the
 * worker answers the decrypted bytes as an attachment, so the browser writes them to disk
 * as they arrive and neither the page nor the worker holds the file. Without service
 * workers (an old browser, a private window that refuses them, plain http) the page falls
 * back to decrypting into a Blob.
 */

const WORKER_URL = '/transfer-sw.js';
/** the worker's scope: the download pages only, never the rest of the app */
export const DOWNLOAD_SCOPE = '/transfer/d/';
const READY_MS = 5000;

let worker: Promise<ServiceWorker | null> | undefined;

function activated(candidate: ServiceWorker): Promise<ServiceWorker | null> {
  if (candidate.state === 'activated') return Promise.resolve(candidate);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), READY_MS);
    candidate.addEventListener('statechange', () => {
      if (candidate.state === 'activated') {
        clearTimeout(timer);
        resolve(candidate);
      } else if (candidate.state === 'redundant') {
        clearTimeout(timer);
        resolve(null);
      }
    });
  });
}

/** The active download worker, registered on first use; null where there can be none. */
export function downloadWorker(): Promise<ServiceWorker | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return Promise.resolve(null);
  }
  if (typeof window !== 'undefined' && !window.isSecureContext) return Promise.resolve(null);
  worker ??= navigator.serviceWorker
    .register(WORKER_URL, { scope: DOWNLOAD_SCOPE })
    .then((registration) => {
      const candidate = registration.active ?? registration.waiting ?? registration.installing;
      return candidate ? activated(candidate) : null;
    })
    .catch(() => null);
  return worker;
}

export interface StreamedFile {
  /** the ciphertext, with its read token */
  url: string;
  key: CryptoKey;
  sealedSize: number;
  name: string;
  type: string;
  size: number;
}

export type ZippedFile = Omit<StreamedFile, 'type'>;

interface WorkerMessage {
  kind: string;
  index?: number;
  received?: number;
}

/**
 * Hands `payload` to the worker under a fresh ticket, then opens the worker's address for
 * it in a hidden frame; settles once the worker sent the last byte. Rejects with
 * `'unavailable'` when the worker does not take it (the caller then uses the Blob path),
 * with an Error when the download itself failed.
 */
function handOver(
  active: ServiceWorker,
  payload: { kind: 'transfer-file' | 'transfer-zip'; name: string; [field: string]: unknown },
  onProgress: (message: WorkerMessage) => void,
): Promise<void> {
  const ticket = crypto.randomUUID();
  const channel = new MessageChannel();
  return new Promise<void>((resolve, reject) => {
    let frame: HTMLIFrameElement | undefined;
    const notReady = setTimeout(() => {
      channel.port1.close();
      reject(new Error('unavailable'));
    }, READY_MS);
    const finish = () => {
      channel.port1.close();
      // the frame stays a moment: removing it at once may cancel the download's last bytes
      setTimeout(() => frame?.remove(), 10_000);
    };
    channel.port1.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.kind === 'ready') {
        clearTimeout(notReady);
        frame = document.createElement('iframe');
        frame.hidden = true;
        frame.src = `${DOWNLOAD_SCOPE}_stream/${ticket}/${encodeURIComponent(payload.name)}`;
        document.body.append(frame);
      } else if (message.kind === 'progress') {
        onProgress(message);
      } else if (message.kind === 'done') {
        finish();
        resolve();
      } else if (message.kind === 'error') {
        finish();
        reject(new Error('download failed'));
      }
    };
    active.postMessage({ ...payload, ticket }, [channel.port2]);
  });
}

/** Streams one file to the browser's downloads through `active` (see handOver). */
export async function streamToDisk(
  active: ServiceWorker,
  file: StreamedFile,
  onProgress: (done: number) => void,
): Promise<void> {
  await handOver(active, { kind: 'transfer-file', ...file }, (message) =>
    onProgress((message.received ?? 0) / Math.max(1, file.sealedSize)),
  );
  onProgress(1);
}

/**
 * Streams every file as one zip, `name`, made by the worker as the files decrypt (see
 * handOver); `onProgress` gets a file's index and its share received.
 */
export function streamZipToDisk(
  active: ServiceWorker,
  name: string,
  files: ZippedFile[],
  onProgress: (index: number, done: number) => void,
): Promise<void> {
  return handOver(active, { kind: 'transfer-zip', name, files }, (message) => {
    const index = message.index ?? 0;
    onProgress(index, (message.received ?? 0) / Math.max(1, files[index]?.sealedSize ?? 0));
  });
}
