import { Mark, mergeAttributes } from '@tiptap/core';
import type { Node as ProseMirrorNode, MarkType } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { hashtagPath } from '../memo-text';

/** #tag: a letter, digit, _ or - run after a start of text or a non-word character. */
const HASHTAG = /(^|[^\p{L}\p{N}_&#/])#([\p{L}\p{N}_-]{1,50})/gu;

interface Range {
  from: number;
  to: number;
  tag: string;
}

/** Where #tags are in a text block (positions in the document). */
export function findHashtags(block: ProseMirrorNode, blockStart: number): Range[] {
  // One character per inline leaf (mentions, line breaks) keeps offsets equal to positions.
  const text = block.textBetween(0, block.content.size, undefined, '\ufffc');
  const found: Range[] = [];
  for (const match of text.matchAll(HASHTAG)) {
    const lead = match[1] ?? '';
    const tag = match[2] ?? '';
    const from = blockStart + (match.index ?? 0) + lead.length;
    found.push({ from, to: from + 1 + tag.length, tag });
  }
  return found;
}

function markedRanges(block: ProseMirrorNode, blockStart: number, type: MarkType): Range[] {
  const ranges: Range[] = [];
  block.forEach((child, offset) => {
    const mark = child.marks.find((m) => m.type === type);
    if (!mark || !child.isText) return;
    const from = blockStart + offset;
    const last = ranges[ranges.length - 1];
    if (last && last.to === from && last.tag === mark.attrs.tag) last.to = from + child.nodeSize;
    else ranges.push({ from, to: from + child.nodeSize, tag: String(mark.attrs.tag) });
  });
  return ranges;
}

const same = (a: Range[], b: Range[]) =>
  a.length === b.length &&
  a.every((r, i) => r.from === b[i]?.from && r.to === b[i]?.to && r.tag === b[i]?.tag);

/** Brings the hashtag marks of the document in line with its text. */
export function syncHashtags(doc: ProseMirrorNode, tr: Transaction, type: MarkType): boolean {
  let changed = false;
  const link = doc.type.schema.marks.link;
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    if (node.type.spec.code) return false;
    const start = pos + 1;
    // A #word inside a link someone wrote stays part of that link.
    const wanted = findHashtags(node, start).filter(
      (range) => !link || !doc.rangeHasMark(range.from, range.to, link),
    );
    if (!same(wanted, markedRanges(node, start, type))) {
      tr.removeMark(start, start + node.content.size, type);
      for (const range of wanted) tr.addMark(range.from, range.to, type.create({ tag: range.tag }));
      changed = true;
    }
    return false;
  });
  return changed;
}

/**
 * Hashtags in the rich description: "#word" becomes a link to /?search=word as it is typed
 * or pasted (docs/SCREENS.md, Routes), saved as <a data-type="hashtag" data-label="word">.
 */
export const Hashtag = Mark.create({
  name: 'hashtag',
  inclusive: false,
  priority: 1001,

  addAttributes() {
    return {
      tag: {
        default: '',
        parseHTML: (element) =>
          (element.getAttribute('data-label') ?? element.textContent ?? '').replace(/^#/, ''),
        renderHTML: () => ({}),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'a[data-type="hashtag"]', priority: 1001 }];
  },

  renderHTML({ mark, HTMLAttributes }) {
    const tag = String(mark.attrs.tag);
    return [
      'a',
      mergeAttributes(HTMLAttributes, {
        'data-type': 'hashtag',
        'data-label': tag,
        href: hashtagPath(tag),
      }),
      0,
    ];
  },

  addProseMirrorPlugins() {
    const type = this.type;
    return [
      new Plugin({
        key: new PluginKey('hashtag-sync'),
        appendTransaction: (transactions, _old, state) => {
          if (!transactions.some((tr) => tr.docChanged)) return null;
          const tr = state.tr;
          return syncHashtags(state.doc, tr, type) ? tr : null;
        },
      }),
    ];
  },
});
