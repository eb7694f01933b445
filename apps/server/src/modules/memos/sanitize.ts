import sanitizeHtml from 'sanitize-html';
import { Parser } from 'htmlparser2';

/**
 * Memo descriptions arrive as HTML from the TipTap editor. Only this allow-list survives;
 * everything else (scripts, styles, event handlers, foreign schemes) is dropped.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'span',
];

const MENTION_KINDS = ['mention', 'hashtag'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    // target and rel are set by linkAttributes, never taken from the client
    a: [
      'href',
      'target',
      'rel',
      'data-mention',
      'data-id',
      'data-label',
      { name: 'data-type', values: MENTION_KINDS },
    ],
    span: ['data-id', 'data-label', { name: 'data-type', values: MENTION_KINDS }],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: linkAttributes(attribs) }),
    span: (tagName, attribs) => ({ tagName, attribs: mentionAttributes(attribs) }),
  },
};

/** Where a mention or hashtag points: /profile/{id} and /?search=tag. */
export function mentionHref(kind: string, id: string | undefined, label: string | undefined) {
  if (kind === 'mention' && id && /^\d{1,10}$/.test(id)) return `/profile/${id}`;
  const tag = (label ?? id ?? '').replace(/^[#@]+/, '').trim();
  if (kind === 'hashtag' && tag !== '') return `/?search=${encodeURIComponent(tag)}`;
  return undefined;
}

function mentionAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const kind = attribs['data-type'];
  if (!kind || !MENTION_KINDS.includes(kind)) return {};
  const out: sanitizeHtml.Attributes = { 'data-type': kind };
  if (attribs['data-id']) out['data-id'] = attribs['data-id'];
  if (attribs['data-label']) out['data-label'] = attribs['data-label'];
  return out;
}

/** Mentions and hashtags get their own link; other links open apart from the app. */
function linkAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const kind = attribs['data-type'] ?? (attribs['data-mention'] !== undefined ? 'mention' : '');
  const internal = mentionHref(kind, attribs['data-id'], attribs['data-label']);
  if (internal) return { ...mentionAttributes({ ...attribs, 'data-type': kind }), href: internal };
  const href = attribs.href ?? '';
  return href ? { href, target: '_blank', rel: 'noopener noreferrer nofollow' } : {};
}

/** The description as stored and answered: allow-listed HTML, or null when nothing is left. */
export function sanitizeDescription(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return clean === '' ? null : clean;
}

const BLOCK_TAGS = new Set(['p', 'br', 'li', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'pre', 'div']);

/** Plain text of (sanitised) HTML, entities decoded, blocks separated by spaces. */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  const parts: string[] = [];
  const parser = new Parser(
    {
      ontext: (text) => parts.push(text),
      onclosetag: (name) => {
        if (BLOCK_TAGS.has(name)) parts.push(' ');
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** What `search` matches: lower-cased title, description text and tags. */
export function searchTextOf(title: string, description: string | null, tags: string[]): string {
  return [title, plainText(description), ...tags].join(' ').toLocaleLowerCase().trim();
}
