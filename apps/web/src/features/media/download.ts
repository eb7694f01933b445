import { TIMINGS } from '@memoria/domain';

/** Download timeout (docs/API.md, Conventions; docs/RULES.md, Limits): 180000 ms. */
export const DOWNLOAD_TIMEOUT_MS = TIMINGS.downloadTimeoutMs;

/**
 * Fetches a file as a blob (within the download timeout) and saves it under its name;
 * throws on failure so the caller shows the error toast (docs/API.md, Errors).
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`download failed with status ${response.status}`);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  try {
    const anchor = document.createElement('a');
    anchor.href = objectUrl;
    anchor.download = fileName;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
  }
}
