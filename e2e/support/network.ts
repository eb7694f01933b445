import type { BrowserContext } from '@playwright/test';

/** A 256 × 256 light grey PNG: every map tile in the journeys. */
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAQAAAAEACAIAAADTED8xAAACAElEQVR42u3TMQ0AAAgEsfevk4EBEcxooEkVXHLpKXgrEmAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAOogAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAANgABUwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADIABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA8C1/FYoyUAHeSwAAAAASUVORK5CYII=',
  'base64',
);

/** Hosts the journeys' pages may reach: the server under test only. */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

/**
 * Keeps a context's traffic on this machine: map tiles are answered with a local stub
 * image; any other request that would leave 127.0.0.1 is refused and listed in
 * `refused` (a journey may assert it stays empty).
 */
export async function keepTrafficLocal(context: BrowserContext): Promise<{ refused: string[] }> {
  const refused: string[] = [];
  await context.route(
    (url) => !LOCAL_HOSTS.has(url.hostname) && url.protocol !== 'data:' && url.protocol !== 'blob:',
    async (route) => {
      const url = new URL(route.request().url());
      if (/(^|\.)tile\.openstreetmap\.org$/.test(url.hostname) && /\.png$/.test(url.pathname)) {
        await route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG });
        return;
      }
      refused.push(url.toString());
      await route.abort('blockedbyclient');
    },
  );
  return { refused };
}
