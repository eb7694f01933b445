import type { Locale } from '@memoria/domain';
import { TEMPLATES, type TemplateName, type TemplateParams } from './templates/index.js';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function renderMail(
  template: TemplateName,
  locale: Locale,
  params: TemplateParams,
): RenderedMail {
  const content = (TEMPLATES[locale] ?? TEMPLATES.en)[template](params);
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [`    ${content.code}`, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    content.footer,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${locale.replace('_', '-')}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#222;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${content.code ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(content.code)}</p>` : ''}
${content.action ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p><p style="font-size:12px;color:#666">${escapeHtml(content.action.url)}</p>` : ''}
<p style="font-size:12px;color:#666">${escapeHtml(content.footer)}</p>
</body></html>
`;
  return { subject: content.subject, text, html };
}
