import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { POLICY_DOCUMENTS } from '@contract/policies';
import { RETENTION_DAYS, RETENTION_MARKER, retentionMarkdown } from '@contract/retention';

import { POLICY_MARKDOWN, seedPolicyDocuments } from '../../api/src/seed/policy-documents';
import { changeRetentionDays } from '../../api/src/services/settings';
import { startTestApi } from '../../tests/support/test-api';
import { PolicyPage } from '../components/policy-page';
import { loadPolicy } from '../lib/documents.server';
import { loader } from './privacy-policy';

type Api = Awaited<ReturnType<typeof startTestApi>>;
type PolicyData = { title: string; markdown: string | null; error: string | null };

let api: Api;
beforeAll(async () => {
  api = await startTestApi({ seed: false });
  process.env.STORAGE_URL = api.url;
  process.env.API_URL = api.url;
});
afterAll(() => api.cleanup());

describe('policy pages against the real storage', () => {
  it('load each document and render its headings and lists', async () => {
    await seedPolicyDocuments(api.storage);
    for (const doc of POLICY_DOCUMENTS) {
      const response = await loadPolicy(doc.slug);
      expect(response.status).toBe(200);
      const data = (await response.json()) as PolicyData;
      const stated =
        doc.slug === 'privacy-policy'
          ? POLICY_MARKDOWN[doc.slug].replace(RETENTION_MARKER, retentionMarkdown(RETENTION_DAYS))
          : POLICY_MARKDOWN[doc.slug];
      expect(data).toEqual({ title: doc.title, markdown: stated, error: null });
      const html = renderToStaticMarkup(<PolicyPage {...data} />);
      expect(html).toContain(`<h1 id="policy-title" class="page-title">${doc.title}</h1>`);
      expect(html).toMatch(/<h2>[^<]+<\/h2>/);
      expect(html).toMatch(/<ul>\s*<li>/);
    }
  });

  it('the route loader lets the page cache keep the page, and browsers revalidate it', async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(response.headers.get('Storefront-Cache-Control')).toBe('max-age=300');
  });

  it('the privacy policy states the retention periods in force, and none when the API cannot say', async () => {
    const owner = { kind: 'cli', role: 'owner' } as const;
    const { orders: _fixed, ...changeable } = RETENTION_DAYS;
    await changeRetentionDays(
      { db: api.database.db, clock: api.clock },
      { ...changeable, contactMessages: 365, anonymousCarts: 45 },
      owner,
    );
    try {
      const html = renderToStaticMarkup(<PolicyPage {...((await (await loader()).json()) as PolicyData)} />);
      expect(html).toContain('<li>Order and invoice records (Italian tax law, Art. 2220 of the Civil Code): 10 years.</li>');
      expect(html).toContain('<li>Contact messages: 1 year.</li>');
      expect(html).toContain('<li>Carts nobody signed in to, untouched: 45 days.</li>');
      expect(html).toContain('<li>Copies of the emails we sent you: 90 days.</li>');
      expect(html).not.toContain('730');

      process.env.API_URL = 'http://127.0.0.1:9';
      const response = await loader();
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      const without = renderToStaticMarkup(<PolicyPage {...((await response.json()) as PolicyData)} />);
      expect(without).toContain('These periods are in force now');
      expect(without).not.toMatch(/Contact messages:|45 days/);
    } finally {
      process.env.API_URL = api.url;
      await changeRetentionDays({ db: api.database.db, clock: api.clock }, changeable, owner);
    }
  });

  it('drop raw HTML written in a document', async () => {
    await api.storage.put(
      'documents',
      'policies/return-policy.md',
      '## Returns\n\n<script>alert(1)</script>\n\n<b>bold</b> text and [a link](javascript:alert(1))',
    );
    try {
      const data = (await (await loadPolicy('return-policy')).json()) as PolicyData;
      const html = renderToStaticMarkup(<PolicyPage {...data} />);
      expect(html).toContain('<h2>Returns</h2>');
      expect(html).not.toMatch(/<script|<b>|javascript:/);
    } finally {
      await api.storage.put('documents', 'policies/return-policy.md', POLICY_MARKDOWN['return-policy']);
    }
  });

  it("say 'Error loading document:' and why when the document cannot be loaded", async () => {
    const empty = await startTestApi({ seed: false });
    process.env.STORAGE_URL = empty.url;
    try {
      const response = await loadPolicy('terms-and-conditions');
      // Storage answered, but not with the document: a bad gateway, not a storefront fault.
      expect(response.status).toBe(502);
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      const data = (await response.json()) as PolicyData;
      expect(renderToStaticMarkup(<PolicyPage {...data} />)).toContain('Error loading document: HTTP error! status: 404');
      await empty.cleanup();
      const down = (await (await loadPolicy('terms-and-conditions')).json()) as PolicyData;
      expect(down.error).toBe('Failed to fetch');
    } finally {
      process.env.STORAGE_URL = api.url;
    }
  });
});
