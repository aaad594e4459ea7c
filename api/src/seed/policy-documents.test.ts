import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { POLICY_DOCUMENTS, policyPath } from '@contract/policies';
import { RETENTION_MARKER } from '@contract/retention';

import { createTestApi, type TestApi } from '../../../tests/support/test-api';
import { createLocalStorage } from '../services/storage';
import { POLICY_MARKDOWN, seedPolicyDocuments } from './policy-documents';
import { POLICY_MARKDOWN_IT } from './policy-documents-it';

describe('policy documents', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ seed: false });
  });
  afterAll(() => api.cleanup());

  it('are written once, in English and Italian, and served from the documents bucket as markdown', async () => {
    expect(await seedPolicyDocuments(api.storage)).toEqual([
      ...POLICY_DOCUMENTS.map((d) => d.path),
      ...POLICY_DOCUMENTS.map((d) => `policies/it/${d.slug}.md`),
    ]);
    expect(await seedPolicyDocuments(api.storage)).toEqual([]);
    for (const [locale, texts] of [
      ['en', POLICY_MARKDOWN],
      ['it', POLICY_MARKDOWN_IT],
    ] as const) {
      for (const doc of POLICY_DOCUMENTS) {
        const res = await api.app.request(`/storage/v1/object/public/documents/${policyPath(doc.slug, locale)}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain('text/markdown');
        const text = await res.text();
        expect(text).toBe(texts[doc.slug]);
        expect(text).toMatch(/^## /m);
        expect(text).toMatch(/^- /m);
        expect(text).not.toMatch(/<[a-z][^>]*>/i); // markdown only, no raw HTML
      }
    }
  });

  it('never overwrite a document the owner has changed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docs-'));
    try {
      const storage = createLocalStorage(dir);
      await storage.put('documents', POLICY_DOCUMENTS[0].path, '## Our own text');
      expect(await seedPolicyDocuments(storage)).toHaveLength(2 * POLICY_DOCUMENTS.length - 1);
      expect((await storage.get('documents', POLICY_DOCUMENTS[0].path))!.body.toString()).toBe('## Our own text');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('cover what an Italian shop must tell its customers', () => {
    expect(POLICY_MARKDOWN['privacy-policy']).toMatch(/GDPR/);
    expect(POLICY_MARKDOWN['privacy-policy']).toMatch(/Garante/);
    expect(POLICY_MARKDOWN['return-policy']).toMatch(/14 days/);
    expect(POLICY_MARKDOWN['terms-and-conditions']).toMatch(/22%/);
    expect(POLICY_MARKDOWN['website-use-agreement']).toMatch(/Intellectual property/);
  });

  it('tell what the funnel counts (daily totals, nothing that identifies) and when reminder emails come (consent, one-click stop)', () => {
    const [en, it] = [POLICY_MARKDOWN['privacy-policy'], POLICY_MARKDOWN_IT['privacy-policy']];
    expect(en).toMatch(/only numbers per day: no identifier, address or cookie is read or stored with them/);
    expect(en).toMatch(/a reminder, and at most one more, of a cart you left without paying/);
    expect(en).toMatch(/stops them in one click, without signing in/);
    expect(it).toMatch(/Sono solo numeri giornalieri: nessun identificativo, indirizzo o cookie/);
    expect(it).toMatch(/un promemoria, e al massimo un secondo, di un carrello lasciato senza pagare/);
    expect(it).toMatch(/le interrompe con un clic, senza accedere/);
  });

  it('name every cookie the storefront sets for a shopper: the session, the language, the cart count, the notice', () => {
    const [en, it] = [POLICY_MARKDOWN['privacy-policy'], POLICY_MARKDOWN_IT['privacy-policy']];
    expect(en).toMatch(/a session cookie that keeps you signed in/);
    expect(en).toMatch(/a cookie that remembers the language you chose \(for a year\)/);
    expect(en).toMatch(/the number of items in your cart for the header \(for 30 seconds\)/);
    expect(en).toMatch(/your choice on the cookie notice/);
    expect(it).toMatch(/un cookie che ricorda la lingua scelta \(per un anno\)/);
    expect(it).toMatch(/il numero di articoli del carrello mostrato nell'intestazione \(per 30 secondi\)/);
  });

  it('say the same in Italian, as Italian text with links to the Italian pages', () => {
    expect(POLICY_MARKDOWN_IT['privacy-policy']).toMatch(/Garante per la protezione dei dati personali/);
    expect(POLICY_MARKDOWN_IT['privacy-policy']).toContain(RETENTION_MARKER);
    expect(POLICY_MARKDOWN_IT['return-policy']).toMatch(/entro 14 giorni/);
    expect(POLICY_MARKDOWN_IT['terms-and-conditions']).toMatch(/IVA italiana al 22%/);
    expect(POLICY_MARKDOWN_IT['website-use-agreement']).toMatch(/Proprietà intellettuale/);
    for (const doc of POLICY_DOCUMENTS) {
      const english = POLICY_MARKDOWN[doc.slug];
      const italian = POLICY_MARKDOWN_IT[doc.slug];
      // The same sections, each in Italian; every link to a shop page stays in Italian.
      expect(italian.match(/^## /gm)?.length, doc.slug).toBe(english.match(/^## /gm)?.length);
      expect(italian, doc.slug).not.toMatch(/\]\(\/(?!it\/)/);
      expect(italian.replace(/\]\([^)]*\)/g, ']'), doc.slug).not.toMatch(/\b(the|and|your|our)\b/);
    }
  });
});
