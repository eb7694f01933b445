import type { Metadata, OutputInfo } from 'sharp';
import exifReader from 'exif-reader';
import {
  DEFAULT_RATIOS,
  variantWidth,
  type PhotoSuggestions,
  type PhotoVariant,
} from '@memoria/domain';
import type { Storage } from '../../storage/index.js';
import { decodeHeic, sharpCanDecode } from './heic.js';
import { loadSharp } from './sharp.js';

/** What one variant is: where it is stored and how large it came out. */
export interface StoredVariant {
  key: string;
  width: number;
  height: number;
  size: number;
}

export interface ProcessedPhoto {
  width: number;
  height: number;
  ratio: number;
  variants: Partial<Record<PhotoVariant, StoredVariant>>;
  suggestions: PhotoSuggestions;
  /** bytes the variants take in storage */
  storedBytes: number;
}

export class UnreadableImage extends Error {
  constructor(cause: unknown) {
    super('the image cannot be decoded', { cause });
    this.name = 'UnreadableImage';
  }
}

/** Decoding stops at 100 megapixels: larger images would cost too much memory per request. */
const MAX_INPUT_PIXELS = 100_000_000;
const WEBP_QUALITY = 82;

const sharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };

function toDegrees(parts: unknown, ref: unknown): number | null {
  if (!Array.isArray(parts) || parts.length < 1) return null;
  const [d = 0, m = 0, s = 0] = parts.map(Number);
  if (![d, m, s].every(Number.isFinite)) return null;
  const value = d + m / 60 + s / 3600;
  const negative = ref === 'S' || ref === 'W';
  return Math.round((negative ? -value : value) * 1e7) / 1e7;
}

/** The IPTC ObjectName (record 2, dataset 5) of an IPTC-NAA block, if there is one. */
function iptcObjectName(iptc: Buffer | undefined): string | null {
  if (!iptc) return null;
  for (let i = 0; i + 5 <= iptc.length; i += 1) {
    if (iptc[i] === 0x1c && iptc[i + 1] === 0x02 && iptc[i + 2] === 0x05) {
      const length = iptc.readUInt16BE(i + 3);
      const text = iptc
        .subarray(i + 5, i + 5 + length)
        .toString('utf8')
        .trim();
      return text || null;
    }
  }
  return null;
}

/**
 * The location and description a photo's metadata suggests for its memo (docs/DOMAIN.md, Entities:
 * GPS coordinates; description from the object name or the image description).
 */
export function readSuggestions(
  exif: Buffer | undefined,
  iptc: Buffer | undefined,
): PhotoSuggestions {
  let location: PhotoSuggestions['location'] = null;
  let description: string | null = iptcObjectName(iptc);
  if (exif) {
    try {
      const tags = exifReader(exif);
      const gps = tags.GPSInfo;
      const latitude = toDegrees(gps?.GPSLatitude, gps?.GPSLatitudeRef);
      const longitude = toDegrees(gps?.GPSLongitude, gps?.GPSLongitudeRef);
      if (
        latitude !== null &&
        longitude !== null &&
        Math.abs(latitude) <= 90 &&
        Math.abs(longitude) <= 180 &&
        !(latitude === 0 && longitude === 0)
      ) {
        location = { latitude, longitude };
      }
      const text = tags.Image?.ImageDescription;
      if (!description && typeof text === 'string' && text.trim() !== '') {
        description = text.trim().slice(0, 2000);
      }
    } catch {
      // Broken metadata only means no suggestions.
    }
  }
  return { location, description };
}

/**
 * Makes the webp variants of the photo in `file` (a local temporary file) and stores them
 * under `keyBase` (`<userId>/<attachmentId>/`). The image is turned upright by its EXIF
 * orientation first; the variants carry no metadata (sharp strips it unless asked), so no
 * GPS position or camera data is ever served. SVG is rasterised here like any other image.
 */
export async function processPhoto(
  file: string,
  storage: Storage,
  keyBase: string,
  variants: readonly PhotoVariant[],
): Promise<ProcessedPhoto> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(file, sharpOptions).metadata();
  } catch (error) {
    throw new UnreadableImage(error);
  }
  if (!meta.width || !meta.height) throw new UnreadableImage(new Error('no dimensions'));
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new UnreadableImage(new Error('too many pixels'));
  }
  // Each variant reads the picture anew: from the file, or (HEVC HEIC, which sharp cannot
  // decode) from the pixels heic-decode made, already upright.
  let source = () => sharp(file, sharpOptions).rotate();
  let orientation = meta.orientation ?? 1;
  if (meta.format === 'heif' && !(await sharpCanDecode(file, MAX_INPUT_PIXELS))) {
    let raw: Awaited<ReturnType<typeof decodeHeic>>;
    try {
      raw = await decodeHeic(file);
    } catch (error) {
      throw new UnreadableImage(error);
    }
    const pixels = { width: raw.width, height: raw.height, channels: 4 as const };
    source = () => sharp(raw.data, { raw: pixels, limitInputPixels: MAX_INPUT_PIXELS });
    orientation = 1;
    meta = { ...meta, width: raw.width, height: raw.height };
  }
  // Orientations 5-8 swap width and height once the image is upright.
  const swapped = orientation >= 5;
  const width = (swapped ? meta.height : meta.width) as number;
  const height = (swapped ? meta.width : meta.height) as number;

  const stored: Partial<Record<PhotoVariant, StoredVariant>> = {};
  let storedBytes = 0;
  for (const variant of variants) {
    const key = `${keyBase}${variant}.webp`;
    const image = source()
      .resize({ width: variantWidth(variant), withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY });
    let info: OutputInfo | undefined;
    image.on('info', (value: OutputInfo) => {
      info = value;
    });
    try {
      const { size } = await storage.put(key, image, { contentType: 'image/webp' });
      storedBytes += size;
      stored[variant] = {
        key,
        width: info?.width ?? Math.min(width, variantWidth(variant)),
        height:
          info?.height ?? Math.round((Math.min(width, variantWidth(variant)) * height) / width),
        size,
      };
    } catch (error) {
      if (
        error instanceof Error &&
        /Input|unsupported|corrupt|VipsJpeg|pngload|bad/i.test(error.message)
      ) {
        throw new UnreadableImage(error);
      }
      throw error;
    }
  }
  return {
    width,
    height,
    ratio:
      width > 0 && height > 0 ? Math.round((width / height) * 10000) / 10000 : DEFAULT_RATIOS.photo,
    variants: stored,
    suggestions: readSuggestions(meta.exif, meta.iptc),
    storedBytes,
  };
}
