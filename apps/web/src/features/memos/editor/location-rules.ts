import { MAP_DEFAULT_ZOOM, type Location } from '@memoria/domain';

/** A location being picked: coordinates may be missing until the map is clicked. */
export interface LocationDraft {
  latitude: number | null;
  longitude: number | null;
  zoom: number;
  description: string;
}

/** Where the map opens without a location (Brussels, at the default zoom 5). */
export const DEFAULT_CENTER = { latitude: 50.8467, longitude: 4.3525 } as const;

export function draftOf(location: Location | null): LocationDraft {
  return {
    latitude: location?.latitude ?? null,
    longitude: location?.longitude ?? null,
    zoom: location?.zoom ?? MAP_DEFAULT_ZOOM,
    description: location?.description ?? '',
  };
}

const close = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.abs(a - b) < 1e-9;

/**
 * Selecting is allowed only when latitude and longitude exist and at least one of zoom,
 * latitude, longitude or description differs from the original (docs/DOMAIN.md, States).
 */
export function canSelectLocation(draft: LocationDraft, original: Location | null): boolean {
  if (draft.latitude === null || draft.longitude === null) return false;
  const before = draftOf(original);
  return (
    !close(draft.latitude, before.latitude) ||
    !close(draft.longitude, before.longitude) ||
    draft.zoom !== before.zoom ||
    draft.description.trim() !== before.description.trim()
  );
}

/** Coordinates rounded to what a click can mean (about 1 cm), longitude wrapped. */
export function toLocation(draft: LocationDraft): Location | null {
  if (draft.latitude === null || draft.longitude === null) return null;
  const round = (n: number) => Math.round(n * 1e7) / 1e7;
  const wrapped = ((((draft.longitude + 180) % 360) + 360) % 360) - 180;
  return {
    latitude: round(Math.max(-90, Math.min(90, draft.latitude))),
    longitude: round(wrapped),
    zoom: Math.round(draft.zoom),
    description: draft.description.trim() || null,
  };
}

/** The map's tile address: configurable (VITE_MAP_TILE_URL), OpenStreetMap by default. */
export function tileUrl(): string {
  const configured = import.meta.env.VITE_MAP_TILE_URL as string | undefined;
  return configured?.trim() || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
}
