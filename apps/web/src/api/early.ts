/**
 * Answers the boot script (build/boot-preload.ts) asked for before the app's code arrived:
 * the first screen's reads, started with the stored token while the entry downloaded. Each is
 * taken once, by the first GET of the same address, kind and token; anything else (another
 * token after a refresh, a failed fetch) asks the server again.
 */
interface EarlyRead {
  url: string;
  accept: 'json' | 'hydra';
  token: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __memoriaEarly?: EarlyRead[];
  }
}

const EARLY_READS_FOR_MS = 20_000;

export function takeEarlyRead(
  url: string,
  hydra: boolean,
  token: string | undefined,
): Promise<Response> | undefined {
  const reads = typeof window === 'undefined' ? undefined : window.__memoriaEarly;
  if (!reads || !token) return undefined;
  // Only for the first screen: an answer left over (never asked for) is stale later on.
  if (performance.now() > EARLY_READS_FOR_MS) {
    window.__memoriaEarly = undefined;
    return undefined;
  }
  const accept = hydra ? 'hydra' : 'json';
  const index = reads.findIndex((r) => r.url === url && r.accept === accept && r.token === token);
  if (index < 0) return undefined;
  const [read] = reads.splice(index, 1);
  return read?.response;
}
