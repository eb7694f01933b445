import type { BrowserContext } from '@playwright/test';

/** A 256 × 256 light grey PNG: every map tile in the journeys. */
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAQAAAAEACAIAAADTED8xAAACAElEQVR42u3TMQ0AAAgEsfevk4EBEcxooEkVXHLpKXgrEmAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAOogAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAANgABUwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADIABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA8C1/FYoyUAHeSwAAAAASUVORK5CYII=',
  'base64',
);

/**
 * Answers a context's map tiles (OpenStreetMap's, which the web build asks for) with a local
 * stub image, so that the location picker shows a map without leaving 127.0.0.1.
 *
 * Only for the contexts that open the map: any route makes Playwright stop every request of
 * the context on its way (CDP Fetch, all addresses) and turn the browser's HTTP cache off, so
 * every script is fetched and compiled again on each page load. Every other address outside
 * 127.0.0.1 does not resolve in the journeys' browser (`--host-resolver-rules`,
 * support/chromium.ts), which costs nothing per request.
 */
export async function stubMapTiles(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/([a-z]\.)?tile\.openstreetmap\.org\/.*\.png$/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG }),
  );
}
