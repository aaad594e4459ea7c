import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

import { BRAND } from '@contract/brand';

import type { AppEnv } from '../deps.js';
import { setPagePolicy, styleHash } from '../security-headers.js';
import { escapeHtml } from '../services/mail-templates.js';

// The test payment page's frame: its styles (allowed by hash in its policy), its layout and its message pages.
export const PAGE_CSS = `body{margin:0;background:#f4f1ec;font-family:Helvetica,Arial,sans-serif;color:#1d1d1f}
main{max-width:560px;margin:32px auto;background:#fff;border-radius:12px;padding:28px}
h1{font-size:22px;margin:0 0 4px}.brand{font-size:13px;letter-spacing:.3em;font-weight:700}
.note{font-size:13px;color:#6b6b6b}table{width:100%;border-collapse:collapse;margin:16px 0}
td{padding:6px 0;vertical-align:top}td.amount{text-align:right;white-space:nowrap}tr.total td{font-weight:700;border-top:1px solid #ddd;padding-top:10px}
label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #bbb;border-radius:8px;font-size:16px}
.row{display:flex;gap:12px}.row>div{flex:1}select{width:100%;box-sizing:border-box;padding:10px;border:1px solid #bbb;border-radius:8px;font-size:16px;background:#fff}
.actions{display:flex;flex-direction:column;gap:8px;margin-top:16px}.actions a.button{display:block;text-align:center;padding:14px;border-radius:999px;background:#1d1d1f;color:#fff;text-decoration:none;font-weight:700}fieldset{border:1px solid #ddd;border-radius:8px;margin:18px 0;padding:4px 14px 14px}
button{margin-top:20px;width:100%;padding:14px;border:0;border-radius:999px;background:#1d1d1f;color:#fff;font-size:16px;font-weight:700;cursor:pointer}
button.link{background:none;color:#1d1d1f;text-decoration:underline;font-weight:400;margin-top:8px}
.error{color:#b00020;font-size:13px;margin-top:4px}.alert{background:#fdecee;color:#b00020;border-radius:8px;padding:12px;margin:16px 0}
a{color:#1d1d1f}
`;
export const PAGE_STYLES = [styleHash(PAGE_CSS)];

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(BRAND.name)} test payments</title>
<style>${PAGE_CSS}</style></head>
<body><main><div class="brand">${escapeHtml(BRAND.name)}</div>${body}</main></body></html>`;
}

export function messagePage(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  title: string,
  text: string,
  link?: { href: string; label: string },
) {
  c.header('Cache-Control', 'no-store');
  setPagePolicy(c, { styles: PAGE_STYLES });
  return c.html(
    layout(
      title,
      `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(text)}</p>${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}`,
    ),
    status,
  );
}
