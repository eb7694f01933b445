import { outputSize, type Area } from './photo-editor-math';

/** Loads a picture file into an image element (rejects when the browser cannot decode it). */
export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The picture cannot be read'));
    image.src = url;
  });
}

/**
 * Draws crop area `area` (source pixels) of the picture at `url` onto a canvas at most
 * 1200 px wide and answers it as a JPEG blob (white under transparent parts).
 */
export async function cropToBlob(url: string, area: Area): Promise<Blob> {
  const image = await loadImage(url);
  const size = outputSize(area);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be made'))),
      'image/jpeg',
      0.9,
    );
  });
}
