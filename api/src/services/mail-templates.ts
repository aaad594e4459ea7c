import { BRAND } from '@contract/brand';
import type { ShopLocale } from '@contract/locale';

import { mailWords } from './mail-words.js';

/** One description per message; both the plain-text and the HTML body are rendered from it. */
export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** A one-time code, shown large in HTML and on its own line in text. */
  code?: string;
  action?: { label: string; url: string };
  /** The language it is written in (the HTML says so, and the footer speaks it); English unless told. */
  locale?: ShopLocale;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const locale = content.locale ?? 'en';
  const tagline = mailWords(locale).tagline;
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [content.code, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    `${BRAND.name}: ${tagline}`,
  ].join('\n');

  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;background:#f4f1ec;font-family:Helvetica,Arial,sans-serif;color:#1d1d1f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 12px"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:13px;letter-spacing:.3em;font-weight:700">${escapeHtml(BRAND.name)}</td></tr>
<tr><td style="padding-top:24px;font-size:22px;font-weight:700">${escapeHtml(content.heading)}</td></tr>
${content.paragraphs.map((p) => `<tr><td style="padding-top:12px;font-size:15px;line-height:1.5">${escapeHtml(p)}</td></tr>`).join('\n')}
${content.code ? `<tr><td style="padding-top:20px"><div style="display:inline-block;font-size:32px;letter-spacing:.35em;font-weight:700;background:#f4f1ec;border-radius:8px;padding:12px 18px">${escapeHtml(content.code)}</div></td></tr>` : ''}
${content.action ? `<tr><td style="padding-top:24px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#1d1d1f;color:#ffffff;text-decoration:none;border-radius:999px;padding:12px 22px;font-weight:700">${escapeHtml(content.action.label)}</a></td></tr>` : ''}
<tr><td style="padding-top:32px;font-size:12px;color:#6b6b6b">${escapeHtml(BRAND.name)}: ${escapeHtml(tagline)}</td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject: content.subject, text, html };
}
