import { LIMITS, MEMO_DESCRIPTION_MAX } from '@memoria/domain';
import type { MemoDraft } from './memo-editor-launcher';

/** Files whose text becomes the memo's description. */
const TEXT_EXTENSIONS = /\.(txt|md|markdown|csv|text|log)$/i;

export function isTextFile(file: { name: string; type: string }): boolean {
  return file.type.startsWith('text/') || TEXT_EXTENSIONS.test(file.name);
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Plain text as editor paragraphs, one per line (empty lines kept as spacing). */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line.trim() ? `<p>${escapeHtml(line)}</p>` : '<p></p>'))
    .join('');
}

function clampTitle(title: string): string {
  return Array.from(title.trim()).slice(0, LIMITS.memoTitleMax).join('');
}

/**
 * A new memo from what was dropped on the page: the first file's name is the title, the
 * text of text files is the description, and the files wait for the media work (pending).
 * Dropped text without files: its first line is the title, the rest the description.
 */
export async function draftFromDrop(files: File[], droppedText: string): Promise<MemoDraft | null> {
  if (files.length === 0) {
    const lines = droppedText.trim().split(/\r?\n/);
    const first = lines[0]?.trim();
    if (!first) return null;
    const rest = lines.slice(1).join('\n').trim();
    return { title: clampTitle(first), description: rest ? textToHtml(rest) : undefined };
  }
  const texts = await Promise.all(
    files.filter(isTextFile).map((file) => file.text().catch(() => '')),
  );
  const text = texts
    .filter(Boolean)
    .join('\n\n')
    .slice(0, MEMO_DESCRIPTION_MAX / 2);
  return {
    title: clampTitle(files[0]?.name ?? ''),
    description: text ? textToHtml(text) : undefined,
    // The File objects themselves: the editor uploads them as the memo's attachments.
    files,
  };
}
