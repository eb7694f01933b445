import fsp from 'node:fs/promises';
import { loadSharp } from './sharp.js';

/**
 * HEIC photos (issue 4): sharp's prebuilt libvips reads the HEIF container but has no
 * HEVC decoder, so those pictures are decoded with heic-decode (libheif as WebAssembly)
 * to raw RGBA pixels, which sharp then turns into the variants.
 */

/** HEIC files larger than this are not decoded in memory. */
export const HEIC_MAX_BYTES = 200 * 1024 * 1024;

/** Whether sharp itself can decode the pixels of `file` (a tiny decode, not just the header). */
export async function sharpCanDecode(file: string, limitInputPixels: number): Promise<boolean> {
  const sharp = await loadSharp();
  try {
    await sharp(file, { limitInputPixels, failOn: 'error' })
      .resize({ width: 8, height: 8, fit: 'inside' })
      .raw()
      .toBuffer();
    return true;
  } catch {
    return false;
  }
}

export interface RawPicture {
  data: Buffer;
  width: number;
  height: number;
}

/** The primary image of HEIC file `file` as RGBA pixels (throws when it cannot be decoded). */
export async function decodeHeic(file: string): Promise<RawPicture> {
  const { size } = await fsp.stat(file);
  if (size > HEIC_MAX_BYTES) throw new Error('HEIC file too large to decode');
  const { default: decode } = await import('heic-decode');
  const image = await decode({ buffer: await fsp.readFile(file) });
  if (!image.width || !image.height || image.data.length !== image.width * image.height * 4) {
    throw new Error('HEIC decoding gave no picture');
  }
  return {
    data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    width: image.width,
    height: image.height,
  };
}
