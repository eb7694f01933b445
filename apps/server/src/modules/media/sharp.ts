import type sharpModule from 'sharp';

/**
 * sharp and its libvips binding, loaded on the first picture rather than at start: about
 * 0.4 s of CPU that the command line and a server that has not processed a photo yet never
 * need (docs/PERFORMANCE.md, "Start-up").
 */
let loading: Promise<typeof sharpModule> | undefined;

export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
