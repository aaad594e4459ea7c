import { describe, expect, it } from 'vitest';

import { cliHeaders } from '../../../../tests/support/staff';
import { useTestApi } from '../../../../tests/support/use-test-api';
import { watchOf } from '../../services/catalogue-watch';

// The catalogue's Italian texts (issue 38, migration 039): seeded, answered with every product,
// written by the owner, listed when missing, and searched; the kept catalogue follows each change.
for (const watching of [false, true]) {
  describe(watching ? 'Italian catalogue texts, the catalogue watch listening' : 'Italian catalogue texts', () => {
    const api = useTestApi({ watchCatalogue: watching });

    async function admin(method: string, path: string, body?: unknown) {
      const res = await api.app.request(`/api/admin/${path}`, {
        method,
        headers: { ...cliHeaders, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: await res.json() };
    }
    const details = async (name: string) =>
      (await api.app.request(`/api/products/details?product_name=${encodeURIComponent(name)}`)).json();
    const browse = async (q: string) => (await api.app.request(`/api/products/browse?q=${encodeURIComponent(q)}`)).json();

    it('answers the seeded Italian beside the English, product names unchanged', async () => {
      const tee = await details('Tracer Tee');
      expect(tee.name).toBe('Tracer Tee');
      expect(tee.short_description).toMatch(/^Heavyweight cotton tee/);
      expect(tee.translations.it).toMatchObject({
        short_description: expect.stringMatching(/^T-shirt in cotone pesante/),
        long_description: expect.stringContaining('Biella'),
        categories: ['T-shirt'],
        size_chart: expect.objectContaining({
          measurementPoints: ['Larghezza torace', 'Lunghezza', 'Larghezza spalle', 'Lunghezza manica'],
        }),
      });
      const list = await (await api.app.request('/api/products/list', { method: 'POST' })).json();
      const jorts = list.find(
        (item: { name: string; is_variant_listing: boolean }) => item.name === 'Padded Jorts' && !item.is_variant_listing,
      );
      expect(jorts.translations.it).toEqual({ short_description: expect.stringContaining('Bermuda'), categories: ['Pantaloni'] });
      // A listed variant's text carries its link's options: it stays the English.
      const listed = list.find((item: { is_variant_listing: boolean }) => item.is_variant_listing);
      expect(listed.translations.it.short_description).toBe('');
    });

    it('finds products by their Italian words, stemmed', async () => {
      const found = await browse('bermuda trapuntati');
      expect(found.items.map((item: { name: string }) => item.name)).toEqual(['Padded Jorts']);
      // English searches find what they found before.
      expect((await browse('quilted shorts')).items.map((item: { name: string }) => item.name)).toContain('Padded Jorts');
    });

    it('lets the owner write the Italian, lists what is missing, and the shop answers it at once', async () => {
      const made = await admin('POST', 'products', {
        name: `Linen Shirt ${watching ? 'W' : 'D'}`,
        category: watching ? 'Shirts W' : 'Shirts D',
        short_description: 'A linen shirt.',
        long_description: 'Cut loose, in washed linen.',
        price: 6_000,
        launch_date: null,
        purchase_limit: null,
        sku_prefix: watching ? 'LSW' : 'LSD',
        colours: ['White'],
        sizes: ['M'],
        stock_per_variant: 3,
      });
      expect(made.status).toBe(201);
      const id = made.body.id;
      expect(made.body.italian_missing).toEqual(['category', 'short description', 'long description']);
      const listed = (await admin('GET', 'products')).body.find((p: { id: string }) => p.id === id);
      expect(listed.italian_missing).toEqual(['category', 'short description', 'long description']);
      // Before: the Italian is empty, so the storefront shows the English.
      const before = await details(made.body.name);
      expect(before.translations.it).toMatchObject({ short_description: '', long_description: '', categories: [''], size_chart: null });

      const saved = await admin('PUT', `products/${id}/italian`, {
        category: 'Camicie',
        short_description: 'Una camicia di lino.',
        long_description: '',
      });
      expect(saved.status).toBe(200);
      expect(saved.body.italian).toMatchObject({ category: 'Camicie', short_description: 'Una camicia di lino.', long_description: '' });
      expect(saved.body.italian_missing).toEqual(['long description']);
      await watchOf(api.database.db)?.settle();
      const after = await details(made.body.name);
      expect(after.translations.it).toMatchObject({ short_description: 'Una camicia di lino.', categories: ['Camicie'] });
      // The English is untouched.
      expect(after.short_description).toBe('A linen shirt.');
    });

    it('refuses bad Italian texts with a 422 and an unknown product with a 404', async () => {
      const tee = (await admin('GET', 'products')).body.find((p: { name: string }) => p.name === 'Tracer Tee');
      const long = await admin('PUT', `products/${tee.id}/italian`, { short_description: 'x'.repeat(301) });
      expect(long.status).toBe(422);
      expect(long.body.code).toBe('invalid_request');
      const missing = await admin('PUT', 'products/00000000-0000-4000-8000-000000000000/italian', {});
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('not_found');
    });
  });
}
