import { Readable } from 'node:stream';
import type { Metadata } from 'sharp';
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
  /**
   * Not made yet: the upload recorded where it will be and its size (bytes 0); the photo job
   * makes it, and until then a request for it is answered with a rendition made on the spot.
   */
  pending?: true;
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

/** What the metadata of an upload tells, without decoding its pixels. */
export interface PhotoFacts {
  /** upright (EXIF orientation applied) */
  width: number;
  height: number;
  ratio: number;
  suggestions: PhotoSuggestions;
}

const ratioOf = (width: number, height: number) =>
  width > 0 && height > 0 ? Math.round((width / height) * 10000) / 10000 : DEFAULT_RATIOS.photo;

/**
 * The header of the picture in `file`, refused (UnreadableImage) when it does not read, has no
 * size or has more pixels than decoding is allowed.
 */
async function readMetadata(file: string): Promise<Metadata & { width: number; height: number }> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(file, sharpOptions).metadata();
  } catch (error) {
    throw new UnreadableImage(error);
  }
  const { width, height } = meta;
  if (!width || !height) throw new UnreadableImage(new Error('no dimensions'));
  if (width * height > MAX_INPUT_PIXELS) {
    throw new UnreadableImage(new Error('too many pixels'));
  }
  return { ...meta, width, height };
}

/**
 * Checks photo `file` while its upload waits: readable metadata, dimensions, the pixel limit,
 * and pixels that decode (a tiny decode: JPEG and WebP shrink on load to an eighth, so a few
 * per cent of making the variants). An HEVC HEIC, which only heic-decode can read, is
 * accepted on its container; its pixels are decoded when the variants are made
 * (docs/notes/media.md, Photo variants).
 */
export async function inspectPhoto(file: string): Promise<PhotoFacts> {
  // side by side on libuv's pool: the answer waits for one round trip through a busy event
  // loop instead of two
  const decodes = sharpCanDecode(file, MAX_INPUT_PIXELS);
  const meta = await readMetadata(file).catch(async (error: unknown) => {
    await decodes;
    throw error;
  });
  if (!(await decodes) && meta.format !== 'heif') {
    throw new UnreadableImage(new Error('the pixels cannot be decoded'));
  }
  // Orientations 5-8 swap width and height once the image is upright.
  const swapped = (meta.orientation ?? 1) >= 5;
  const width = swapped ? meta.height : meta.width;
  const height = swapped ? meta.width : meta.height;
  return {
    width,
    height,
    ratio: ratioOf(width, height),
    suggestions: readSuggestions(meta.exif, meta.iptc),
  };
}

/** The size variant `variant` of an upright `width`×`height` picture comes out at. */
export function variantSize(variant: PhotoVariant, width: number, height: number) {
  const w = Math.min(width, variantWidth(variant));
  return { width: w, height: Math.max(1, Math.round((w * height) / width)) };
}

/** The variants a photo job will make, recorded with the upload (docs/notes/media.md). */
export function plannedVariants(
  facts: Pick<PhotoFacts, 'width' | 'height'>,
  keyBase: string,
  variants: readonly PhotoVariant[],
): Partial<Record<PhotoVariant, StoredVariant>> {
  return Object.fromEntries(
    variants.map((variant) => [
      variant,
      {
        key: `${keyBase}${variant}.webp`,
        ...variantSize(variant, facts.width, facts.height),
        size: 0,
        pending: true as const,
      },
    ]),
  );
}

/**
 * The picture in `file` decoded once, upright, no wider than `maxWidth` (sharp shrinks JPEG
 * and WebP while decoding), as raw pixels every variant is made from: decoding the original
 * again for each variant was most of an upload's CPU (docs/PERFORMANCE.md, issue 26). HEVC
 * HEIC, which sharp cannot decode, goes through heic-decode first.
 */
async function decodeUpright(file: string, maxWidth: number) {
  const sharp = await loadSharp();
  const meta = await readMetadata(file);
  // Orientations 5-8 swap width and height once the image is upright.
  const swapped = (meta.orientation ?? 1) >= 5;
  let width = swapped ? meta.height : meta.width;
  let height = swapped ? meta.width : meta.height;
  let source = sharp(file, sharpOptions).rotate();
  if (meta.format === 'heif' && !(await sharpCanDecode(file, MAX_INPUT_PIXELS))) {
    let raw: Awaited<ReturnType<typeof decodeHeic>>;
    try {
      raw = await decodeHeic(file);
    } catch (error) {
      throw new UnreadableImage(error);
    }
    // heic-decode's pixels are already upright.
    const pixels = { width: raw.width, height: raw.height, channels: 4 as const };
    source = sharp(raw.data, { raw: pixels, limitInputPixels: MAX_INPUT_PIXELS });
    width = raw.width;
    height = raw.height;
  }
  try {
    const { data, info } = await source
      .resize({ width: maxWidth, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, info, meta, width, height };
  } catch (error) {
    throw new UnreadableImage(error);
  }
}

/**
 * Makes the webp variants of the photo in `file` (a local temporary file) and stores them
 * under `keyBase` (`<userId>/<attachmentId>/`). The picture is decoded once, turned upright
 * by its EXIF orientation and reduced to the largest variant's width; each variant is made
 * from that. The variants carry no metadata (sharp strips it unless asked), so no GPS
 * position or camera data is ever served. SVG is rasterised here like any other image.
 */
export async function processPhoto(
  file: string,
  storage: Storage,
  keyBase: string,
  variants: readonly PhotoVariant[],
): Promise<ProcessedPhoto> {
  const sharp = await loadSharp();
  const largest = Math.max(...variants.map(variantWidth));
  const { data, info, meta, width, height } = await decodeUpright(file, largest);
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const stored: Partial<Record<PhotoVariant, StoredVariant>> = {};
  let storedBytes = 0;
  for (const variant of variants) {
    const key = `${keyBase}${variant}.webp`;
    const out = await sharp(data, { raw })
      .resize({ width: variantWidth(variant), withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    const { size } = await storage.put(key, Readable.from([out.data]), {
      contentType: 'image/webp',
    });
    storedBytes += size;
    stored[variant] = { key, width: out.info.width, height: out.info.height, size };
  }
  return {
    width,
    height,
    ratio: ratioOf(width, height),
    variants: stored,
    suggestions: readSuggestions(meta.exif, meta.iptc),
    storedBytes,
  };
}

/** Variant `variant` of the picture in `file` as webp bytes, made now and not stored. */
export async function renderVariant(file: string, variant: PhotoVariant): Promise<Buffer> {
  const sharp = await loadSharp();
  const { data, info } = await decodeUpright(file, variantWidth(variant));
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return sharp(data, { raw }).webp({ quality: WEBP_QUALITY }).toBuffer();
}
