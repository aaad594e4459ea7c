import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { POLICY_DOCUMENTS } from '@contract/policies';

import { createTestApi, type TestApi } from '../../../tests/support/test-api';
import { createLocalStorage } from '../services/storage';
import { POLICY_MARKDOWN, seedPolicyDocuments } from './policy-documents';

describe('policy documents', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ seed: false });
  });
  afterAll(() => api.cleanup());

  it('are written once and served from the documents bucket as markdown', async () => {
    expect(await seedPolicyDocuments(api.storage)).toEqual(POLICY_DOCUMENTS.map((d) => d.path));
    for (const doc of POLICY_DOCUMENTS) {
      const res = await api.app.request(`/storage/v1/object/public/documents/${doc.path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/markdown');
      const text = await res.text();
      expect(text).toBe(POLICY_MARKDOWN[doc.slug]);
      expect(text).toMatch(/^## /m);
      expect(text).toMatch(/^- /m);
      expect(text).not.toMatch(/<[a-z][^>]*>/i); // markdown only, no raw HTML
    }
  });

  it('never overwrite a document the owner has changed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docs-'));
    try {
      const storage = createLocalStorage(dir);
      await storage.put('documents', POLICY_DOCUMENTS[0].path, '## Our own text');
      expect(await seedPolicyDocuments(storage)).toHaveLength(POLICY_DOCUMENTS.length - 1);
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
});
