// The pictures the photo benches measure (bench/photo-upload.mjs, bench/photo-variants.mjs):
// the load test's small JPEG and a camera-sized one with an EXIF rotation, made here so the
// runs need no files.
import sharp from 'sharp';

/** Deterministic noise, so a JPEG of it compresses like a photograph rather than a flat fill. */
function noise(width, height) {
  const pixels = Buffer.alloc(width * height * 3);
  let x = 12345;
  for (let i = 0; i < pixels.length; i += 1) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = (i % 3) * 60 + (x >> 24);
  }
  return pixels;
}

export const loadTestJpeg = () =>
  sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: 90, g: 140, b: 80 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();

export const cameraJpeg = () =>
  sharp(noise(4000, 3000), { raw: { width: 4000, height: 3000, channels: 3 } })
    .blur(2)
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();

export const noisyPng = () =>
  sharp(noise(2400, 1600), { raw: { width: 2400, height: 1600, channels: 3 } })
    .blur(3)
    .png()
    .toBuffer();
