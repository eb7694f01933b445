/**
 * The numbers of the photo editor (docs/DOMAIN.md, States, Validation; docs/RULES.md, Limits):
 * output at most 1200 px wide, a scale slider 0–100 with zoom = 1 + scale / 50, 5 px per arrow key,
 * and the crop ratio by shape (1 unless the shape is rect or a ratio is given).
 */

export type EditorShape = 'round' | 'square' | 'rect';

export const EDITOR_MAX_WIDTH = 1200;
export const EDITOR_KEY_STEP = 5;
export const SCALE_MIN = 0;
export const SCALE_MAX = 100;

export interface Point {
  x: number;
  y: number;
}

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Zoom of slider position `scale` (clamped to 0–100): 1 at 0, 3 at 100. */
export function zoomOf(scale: number): number {
  const clamped = Math.min(SCALE_MAX, Math.max(SCALE_MIN, Number.isFinite(scale) ? scale : 0));
  return 1 + clamped / 50;
}

/** The slider position of a zoom (the inverse of zoomOf, clamped to the slider). */
export function scaleOf(zoom: number): number {
  return Math.min(SCALE_MAX, Math.max(SCALE_MIN, Math.round((zoom - 1) * 50)));
}

/**
 * The crop ratio (width / height): a given positive ratio wins; otherwise 1, except rect,
 * which keeps the picture's own proportions (`natural`, 1 when unknown).
 */
export function cropRatio(shape: EditorShape, ratio?: number, natural?: number): number {
  if (ratio !== undefined && Number.isFinite(ratio) && ratio > 0) return ratio;
  if (shape === 'rect' && natural !== undefined && Number.isFinite(natural) && natural > 0) {
    return natural;
  }
  return 1;
}

/** The crop position after an arrow key: 5 px that way; other keys leave it alone. */
export function moveByKey(crop: Point, key: string, step = EDITOR_KEY_STEP): Point {
  switch (key) {
    case 'ArrowLeft':
      return { x: crop.x - step, y: crop.y };
    case 'ArrowRight':
      return { x: crop.x + step, y: crop.y };
    case 'ArrowUp':
      return { x: crop.x, y: crop.y - step };
    case 'ArrowDown':
      return { x: crop.x, y: crop.y + step };
    default:
      return crop;
  }
}

/** The size of the output picture for a crop area in source pixels: at most 1200 px wide. */
export function outputSize(
  area: Pick<Area, 'width' | 'height'>,
  maxWidth = EDITOR_MAX_WIDTH,
): { width: number; height: number } {
  const width = Math.max(1, Math.round(area.width));
  const height = Math.max(1, Math.round(area.height));
  if (width <= maxWidth) return { width, height };
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}

/** The file name of an edited picture: the original's name with the output's extension. */
export function editedFileName(name: string, extension: 'jpg' | 'png'): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'picture';
  return `${base}.${extension}`;
}
