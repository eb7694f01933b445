import 'leaflet/dist/leaflet.css';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import type { Location } from '@memoria/domain';
import L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useState } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useTranslation } from '../../../i18n';
import {
  DEFAULT_CENTER,
  canSelectLocation,
  draftOf,
  tileUrl,
  toLocation,
  type LocationDraft,
} from './location-rules';

const icon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

/** The map lazy-loads 100 ms after the modal opens (docs/RULES.md, Limits), once it has a size. */
const MAP_DELAY_MS = 100;

function MapEvents({
  readOnly,
  onPick,
  onZoom,
  onReady,
}: {
  readOnly: boolean;
  onPick: (lat: number, lng: number) => void;
  onZoom: (zoom: number) => void;
  onReady: (map: L.Map) => void;
}) {
  const map = useMap();
  useEffect(() => {
    onReady(map);
    // The modal may still be settling: measure again.
    const timer = window.setTimeout(() => map.invalidateSize(), MAP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [map, onReady]);
  useMapEvents({
    click: (event) => {
      if (!readOnly) onPick(event.latlng.lat, event.latlng.lng);
    },
    zoomend: () => onZoom(map.getZoom()),
  });
  return null;
}

export interface LocationPickerProps {
  opened: boolean;
  onClose: () => void;
  value: Location | null;
  onSelect?: (location: Location) => void;
  /** showing a memo's location: no marker moving, no select button */
  readOnly?: boolean;
}

/**
 * The location picker (docs/DOMAIN.md, States: "Location selection", Validation: "Location
 * picker"): a modal titled with the media location label, holding a map (click to set the marker,
 * default zoom 5), an optional description and a select button that shows only when the location
 * is valid and changed.
 */
export function LocationPicker({
  opened,
  onClose,
  value,
  onSelect,
  readOnly = false,
}: LocationPickerProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<LocationDraft>(() => draftOf(value));
  const [showMap, setShowMap] = useState(false);
  const [map, setMap] = useState<L.Map | null>(null);

  useEffect(() => {
    if (!opened) return;
    setDraft(draftOf(value));
    setShowMap(false);
    const timer = window.setTimeout(() => setShowMap(true), MAP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [opened, value]);

  const center: [number, number] = [
    draft.latitude ?? DEFAULT_CENTER.latitude,
    draft.longitude ?? DEFAULT_CENTER.longitude,
  ];
  const selectable = !readOnly && canSelectLocation(draft, value);
  const location = toLocation(draft);

  const pick = (latitude: number, longitude: number) =>
    setDraft((current) => ({ ...current, latitude, longitude }));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('memos.location.title')}
      size="lg"
      centered
      zIndex={300}
    >
      <Stack gap="sm" data-testid="location-picker">
        {!readOnly && (
          <Text size="sm" c="dimmed">
            {t('memos.location.hint')}
          </Text>
        )}
        <div
          style={{
            height: 'min(360px, 50vh)',
            borderRadius: 'var(--mantine-radius-md)',
            overflow: 'hidden',
          }}
          role="region"
          aria-label={t('memos.location.map')}
          data-testid="location-map"
        >
          {showMap ? (
            <MapContainer
              center={center}
              zoom={draft.zoom}
              style={{ height: '100%', width: '100%' }}
              scrollWheelZoom
            >
              <TileLayer
                url={tileUrl()}
                attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
              />
              <MapEvents
                readOnly={readOnly}
                onPick={pick}
                onZoom={(zoom) => setDraft((current) => ({ ...current, zoom }))}
                onReady={setMap}
              />
              {draft.latitude !== null && draft.longitude !== null && (
                <Marker position={[draft.latitude, draft.longitude]} icon={icon} />
              )}
            </MapContainer>
          ) : (
            <Text size="sm" c="dimmed" p="md">
              {t('memos.location.loading')}
            </Text>
          )}
        </div>
        {location && (
          <Text size="xs" c="dimmed" data-testid="location-coordinates">
            {t('memos.location.coordinates', {
              lat: location.latitude.toFixed(5),
              lng: location.longitude.toFixed(5),
            })}
          </Text>
        )}
        {readOnly ? (
          value?.description && <Text>{value.description}</Text>
        ) : (
          <>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconCurrentLocation size={14} />}
              onClick={() => {
                if (!map) return;
                const middle = map.getCenter();
                pick(middle.lat, middle.lng);
              }}
              disabled={!map}
              style={{ alignSelf: 'flex-start' }}
              data-testid="location-centre"
            >
              {t('memos.location.centre')}
            </Button>
            <Textarea
              label={t('memos.location.description')}
              placeholder={t('memos.location.descriptionPlaceholder')}
              value={draft.description}
              onChange={(event) => {
                const description = event.currentTarget.value;
                setDraft((current) => ({ ...current, description }));
              }}
              maxLength={500}
              autosize
              minRows={2}
              data-testid="location-description"
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {readOnly ? t('common.close') : t('common.cancel')}
          </Button>
          {selectable && location && (
            <Button onClick={() => onSelect?.(location)} data-testid="location-select">
              {t('memos.location.select')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
