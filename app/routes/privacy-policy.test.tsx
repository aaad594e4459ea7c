import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { POLICY_DOCUMENTS, policyPath } from '@contract/policies';
import { RETENTION_DAYS, RETENTION_MARKER, retentionMarkdown } from '@contract/retention';

import { POLICY_MARKDOWN, seedPolicyDocuments } from '../../api/src/seed/policy-documents';
import { POLICY_MARKDOWN_IT } from '../../api/src/seed/policy-documents-it';
import { changeRetentionDays } from '../../api/src/services/settings';
import { callRoute } from '../../tests/support/route-context';
import { startTestApi } from '../../tests/support/test-api';
import { PolicyPage } from '../components/policy-page';
import { loadPolicy } from '../lib/documents.server';
import { loader as privacyLoader } from './privacy-policy';

type Api = Awaited<ReturnType<typeof startTestApi>>;
type PolicyData = { title: string; markdown: string | null; error: string | null };

/** The page as its route renders it, at `path` (its language comes from the address). */
function renderPolicy(data: PolicyData, path = '/privacy-policy') {
  const Stub = createRemixStub([{ path, Component: () => <PolicyPage {...data} />, loader: () => data }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} hydrationData={{ loaderData: { '0': data } }} />);
}

/** The privacy policy route's loader, called as Remix calls it for `path`. */
const loader = (path = '/privacy-policy') =>
  callRoute(privacyLoader, new Request(`http://shop.test${path}`), path.startsWith('/it/') ? { lang: 'it' } : {});

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
      expect(data).toMatchObject({ title: doc.title, markdown: stated, error: null });
      const html = renderPolicy(data);
      expect(html).toContain(`<h1 id="policy-title" class="page-title">${doc.title}</h1>`);
      expect(html).toMatch(/<h2 id="[a-z0-9-]+">[^<]+<\/h2>/);
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
      const html = renderPolicy((await (await loader()).json()) as PolicyData);
      expect(html).toContain('<li>Order and invoice records (Italian tax law, Art. 2220 of the Civil Code): 10 years.</li>');
      expect(html).toContain('<li>Contact messages: 1 year.</li>');
      expect(html).toContain('<li>Carts nobody signed in to, untouched: 45 days.</li>');
      expect(html).toContain('<li>Copies of the emails we sent you: 90 days.</li>');
      expect(html).not.toContain('730');

      process.env.API_URL = 'http://127.0.0.1:9';
      const response = await loader();
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      const without = renderPolicy((await response.json()) as PolicyData);
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
      const html = renderPolicy(data, '/return-policy');
      expect(html).toContain('<h2 id="returns">Returns</h2>');
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
      expect(renderPolicy(data, '/terms-and-conditions')).toContain('Error loading document: HTTP error! status: 404');
      await empty.cleanup();
      const down = (await (await loadPolicy('terms-and-conditions')).json()) as PolicyData;
      expect(down.error).toBe('Failed to fetch');
    } finally {
      process.env.STORAGE_URL = api.url;
    }
  });

  it('in Italian under /it: the Italian document, its retention periods in Italian, and English when storage has no Italian one', async () => {
    await seedPolicyDocuments(api.storage);
    const response = await loader('/it/privacy-policy');
    const data = (await response.json()) as PolicyData;
    expect(data.title).toBe('Informativa sulla privacy');
    expect(data.markdown).toBe(POLICY_MARKDOWN_IT['privacy-policy'].replace(RETENTION_MARKER, retentionMarkdown(RETENTION_DAYS, 'it')));
    const html = renderPolicy(data, '/it/privacy-policy');
    expect(html).toContain('<h1 id="policy-title" class="page-title">Informativa sulla privacy</h1>');
    expect(html).toContain('<li>I messaggi inviati con il modulo di contatto: 2 anni.</li>');
    expect(html).toContain('href="/it/website-use-agreement"');

    // A storage with the English document only (an owner's own, or one written before Italian came).
    const englishOnly = await startTestApi({ seed: false });
    await englishOnly.storage.put('documents', policyPath('terms-and-conditions', 'en'), POLICY_MARKDOWN['terms-and-conditions']);
    process.env.STORAGE_URL = englishOnly.url;
    try {
      const fallback = (await (await loadPolicy('terms-and-conditions', 'it')).json()) as PolicyData;
      expect(fallback.title).toBe('Termini e condizioni');
      expect(fallback.markdown).toBe(POLICY_MARKDOWN['terms-and-conditions']);
    } finally {
      process.env.STORAGE_URL = api.url;
      await englishOnly.cleanup();
    }
  });

  it("says 'Errore nel caricamento del documento:' in Italian when storage cannot be reached", async () => {
    process.env.STORAGE_URL = 'http://127.0.0.1:9';
    try {
      const data = (await (await loadPolicy('return-policy', 'it')).json()) as PolicyData;
      expect(renderPolicy(data, '/it/return-policy')).toContain(
        'Errore nel caricamento del documento: Il negozio non è raggiungibile in questo momento. Riprova tra qualche istante.',
      );
    } finally {
      process.env.STORAGE_URL = api.url;
    }
  });
});
