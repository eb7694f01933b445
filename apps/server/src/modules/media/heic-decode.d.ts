/** heic-decode (libheif compiled to WebAssembly): decodes the primary image of a HEIC file. */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, 4 bytes per pixel */
    data: Uint8ClampedArray;
  }
  export default function decode(input: { buffer: Buffer | ArrayBuffer }): Promise<DecodedImage>;
}
