import { Hono } from 'hono';

import { outboxQuerySchema, outboxSchema } from '@contract/api/admin';

import { answer } from '../answer.js';
import type { AppEnv } from '../deps.js';
import { validate } from '../http-errors.js';
import { setPagePolicy, styleHash } from '../security-headers.js';
import { readOutbox } from '../services/mail.js';
import { escapeHtml } from '../services/mail-templates.js';

const PAGE_CSS =
  'body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}article{border-top:1px solid #ddd;padding:1rem 0}.meta{color:#555}pre{white-space:pre-wrap;background:#f4f1ec;padding:1rem;border-radius:8px}iframe{width:100%;height:28rem;border:1px solid #ddd}';
// The emails shown in sandboxed frames inherit this policy; they style with attributes.
const PAGE_POLICY = { styles: [styleHash(PAGE_CSS)], styleAttributes: true };

/** The outbox, readable while no SMTP server is configured: for development and tests only. */
export function devMailboxRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/dev/mailbox.json', validate('query', outboxQuerySchema), async (c) => {
    const { to } = c.req.valid('query');
    c.header('Cache-Control', 'no-store');
    return answer(c, outboxSchema, await readOutbox(c.var.deps.db, to || undefined));
  });

  app.get('/dev/mailbox', validate('query', outboxQuerySchema), async (c) => {
    const { to } = c.req.valid('query');
    const messages = await readOutbox(c.var.deps.db, to || undefined);
    const rows = messages
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <a href="?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a> · <time datetime="${m.created_at}">${escapeHtml(m.created_at)}</time></p>
  <pre>${escapeHtml(m.text)}</pre>
  <details><summary>HTML version</summary><iframe sandbox title="${escapeHtml(m.subject)}" srcdoc="${escapeHtml(m.html)}"></iframe></details>
</article>`,
      )
      .join('\n');
    c.header('Cache-Control', 'no-store');
    setPagePolicy(c, PAGE_POLICY);
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mailbox</title>
<style>${PAGE_CSS}</style>
</head><body>
<h1>Mailbox${to ? ` for ${escapeHtml(to)}` : ''}</h1>
<p>Messages the shop sent while no SMTP server is configured, newest first.${to ? ' <a href="?">Show all</a>' : ''}</p>
${rows || '<p>No messages yet.</p>'}
</body></html>`);
  });

  return app;
}
