import { fileTypeFromBuffer } from 'file-type';
import { fileExtension, extensionFits, type AttachmentKind } from '@memoria/domain';

/**
 * Content checks (magic bytes, docs/DOMAIN.md, Validation / issue 4): a file's extension says which
 * kind it claims; its first bytes must then be a format of that kind. Text formats have no
 * magic number: they pass when no binary format is recognised and the head is text.
 */

const PHOTO_FORMATS = ['png', 'apng', 'jpg', 'gif', 'webp', 'bmp', 'tif', 'heic', 'avif', 'jxl'];
const VIDEO_FORMATS = [
  'mp4',
  'm4v',
  'mov',
  '3gp',
  '3g2',
  'mpg',
  'mts',
  'avi',
  'webm',
  'mkv',
  'asf',
  'ogv',
  'flv',
];
const AUDIO_FORMATS = ['mp3', 'm4a', 'wav', 'ogg', 'oga', 'opus', 'aac', 'flac'];
const DOCUMENT_FORMATS = [
  ...VIDEO_FORMATS,
  ...AUDIO_FORMATS,
  'pdf',
  'zip',
  'docx',
  'xlsx',
  'pptx',
  'cfb',
  'odt',
  'ods',
  'odp',
  'rtf',
  'epub',
];

const FORMATS_BY_KIND: Record<AttachmentKind, readonly string[]> = {
  photo: PHOTO_FORMATS,
  video: [...VIDEO_FORMATS, ...AUDIO_FORMATS],
  document: DOCUMENT_FORMATS,
};

/** Extensions whose content is text, with the MIME type they are served as. */
const TEXT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  json: 'application/json',
  xml: 'application/xml',
  eml: 'message/rfc822',
};

/** How many bytes of the head the checks look at. */
export const SNIFF_BYTES = 64 * 1024;

export interface DetectedType {
  /** the format found in the content ('svg', 'txt', … for text files: their extension) */
  format: string;
  mime: string;
  /** the extension the stored original gets */
  extension: string;
}

function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  // Valid UTF-8 except perhaps a character cut at the end of the sample.
  const text = head.subarray(0, Math.max(0, head.length - 4)).toString('utf8');
  return !text.includes('\uFFFD');
}

/**
 * The type of a file that claims `kind` by its name, judged by its first bytes; null
 * when the extension or the content does not fit the kind.
 */
export async function detectType(
  kind: AttachmentKind,
  fileName: string,
  head: Buffer,
): Promise<DetectedType | null> {
  if (!extensionFits(kind, fileName)) return null;
  const extension = fileExtension(fileName);
  const found = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
  // XML (SVG among it) is text: judged by the text rules below.
  if (found && found.ext !== 'xml') {
    if (!FORMATS_BY_KIND[kind].includes(found.ext)) return null;
    return { format: found.ext, mime: found.mime, extension: found.ext };
  }
  const textMime = TEXT_TYPES[extension];
  if (!textMime || head.length === 0 || !looksLikeText(head)) return null;
  if (extension === 'svg' && !/<svg[\s>]/i.test(head.toString('utf8'))) return null;
  return { format: extension, mime: textMime, extension };
}
