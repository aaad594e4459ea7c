import type { ActionFunction } from '@remix-run/node';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { toShopWallTime } from '@contract/shop-time';

import { catalogueCache } from '~/lib/cache.server';

import { homeJobHandlers } from '../../api/src/services/home';
import { runDueJobs } from '../../api/src/services/jobs';
import { runAdminRoute } from '../../tests/support/admin-route';
import { callRoute } from '../../tests/support/route-context';
import { STAFF_PASSWORD, staffAddress, staffMember } from '../../tests/support/staff';
import { startTestApi } from '../../tests/support/test-api';
import { loader as homeLoader } from './_index';
import { action as homeAction, loader as adminHomeLoader } from './admin.home';
import { action as loginAction } from './admin.login';

/** The home page's hero set in the back office and read by the storefront (ADR 073): loaders and actions as functions. */
type Api = Awaited<ReturnType<typeof startTestApi>>;
let api: Api;

beforeAll(async () => {
  api = await startTestApi();
  process.env.API_URL = api.url;
  process.env.STORAGE_URL = api.url;
  // What the storefront's hook does when the API announces a change (hooks.catalogue-changed): its caches go.
  api.deps.onCatalogueChange = () => catalogueCache.invalidate();
});
afterAll(() => api.cleanup());

async function signIn(role: 'owner' | 'staff'): Promise<string> {
  const { email } = await staffMember(api, role, staffAddress(`home-${role}`));
  const response = await runAdminRoute(
    loginAction,
    '/admin/login',
    {},
    {
      form: [
        ['intent', 'login'],
        ['email', email],
        ['password', STAFF_PASSWORD],
        ['redirectTo', ''],
      ],
    },
  );
  return (response.headers.get('Set-Cookie') ?? '').split(';')[0];
}

/** A multipart post of the hero form, as the browser sends it (the file input always there, maybe empty). */
async function postHero(fn: ActionFunction, cookie: string, fields: Record<string, string>, file?: File): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('file', file ?? new File([], '', { type: 'application/octet-stream' }));
  const request = new Request('http://shop.test/admin/home', { method: 'POST', body: form, headers: { Cookie: cookie } });
  try {
    return (await callRoute(fn, request, {})) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

type HomeData = {
  hero: { name: string; href: string; line: string; words?: { headline: string; button: string }; image: { src: string } | null } | null;
};

async function storefrontHome(path = '/') {
  const response = (await callRoute(
    homeLoader,
    new Request(`http://shop.test${path}`),
    path.startsWith('/it') ? { lang: 'it' } : {},
  )) as Response;
  return { response, data: (await response.json()) as HomeData };
}

const product = () =>
  api.database.db.selectFrom('products').select(['id', 'name']).where('name', '=', 'Padded Tee').executeTakeFirstOrThrow();

describe('the home page hero from the back office to the storefront', () => {
  it('with no hero set, the home page leads with the newest product as before', async () => {
    const { data } = await storefrontHome();
    expect(data.hero).toMatchObject({ image: expect.anything() });
    expect(data.hero?.words).toBeUndefined();
  });

  it('the owner sets the hero with an uploaded image; the storefront shows it in both languages at once', async () => {
    const cookie = await signIn('owner');
    const tee = await product();
    const photo = await sharp({ create: { width: 1400, height: 800, channels: 3, background: '#1d1d1f' } })
      .jpeg()
      .toBuffer();
    const saved = await postHero(
      homeAction,
      cookie,
      {
        slot: 'current',
        intent: 'save',
        headline_en: 'Padded, for winter',
        headline_it: "Imbottita, per l'inverno",
        text_en: 'Eleven prototypes later.',
        button_en: 'See the Padded Tee',
        link: `product:${tee.id}`,
      },
      new File([photo], 'hero.jpg', { type: 'image/jpeg' }),
    );
    expect(saved.status).toBe(303);
    const page = (await (await runAdminRoute(adminHomeLoader, '/admin/home', {}, { cookie })).json()) as {
      home: { current: { image: { path: string } } };
      images: { current: string };
    };
    expect(page.home.current.image.path).toMatch(/^home\//);
    expect(page.images.current).toContain('/storage/v1/object/public/product-images/home/');

    const en = await storefrontHome();
    expect(en.data.hero).toMatchObject({
      name: 'Padded Tee',
      href: '/product/Padded%20Tee',
      line: 'Eleven prototypes later.',
      words: { headline: 'Padded, for winter', button: 'See the Padded Tee' },
    });
    expect(en.data.hero?.image?.src).toContain('/product-images/home/');
    const it = await storefrontHome('/it');
    // Italian left empty reads in English.
    expect(it.data.hero?.words).toEqual({ headline: "Imbottita, per l'inverno", button: 'See the Padded Tee' });
    // A search goes straight to its results.
    expect((await storefrontHome('/?category=Tees')).data.hero).toBeNull();
  });

  it('a refused form says why by field; staff see the heroes but may not change them', async () => {
    const owner = await signIn('owner');
    const missing = await postHero(homeAction, owner, { slot: 'current', intent: 'save', headline_en: '', button_en: 'Go', link: '' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain('Enter a headline');
    const tee = await product();
    const noTime = await postHero(homeAction, owner, {
      slot: 'scheduled',
      intent: 'save',
      headline_en: 'Soon',
      button_en: 'Go',
      link: `product:${tee.id}`,
      starts_at: '',
    });
    expect(noTime.status).toBe(400);
    expect(JSON.stringify(await noTime.json())).toContain('Choose a start time');

    const staff = await signIn('staff');
    const seen = (await (await runAdminRoute(adminHomeLoader, '/admin/home', {}, { cookie: staff })).json()) as { owner: boolean };
    expect(seen.owner).toBe(false);
    const refused = await postHero(homeAction, staff, {
      slot: 'current',
      intent: 'save',
      headline_en: 'Mine',
      button_en: 'Go',
      link: `product:${tee.id}`,
    });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await refused.json())).toContain('Only an owner');
  });

  it('the next hero, scheduled in Italian time, takes over when the scheduled job runs at its start', async () => {
    const cookie = await signIn('owner');
    const category = 'T-Shirts';
    const startsAt = new Date(api.clock.now().getTime() + 2 * 60 * 60_000);
    const scheduled = await postHero(homeAction, cookie, {
      slot: 'scheduled',
      intent: 'save',
      headline_en: 'The tees are back',
      button_en: 'Shop the tees',
      button_it: 'Scopri le t-shirt',
      link: `category:${category}`,
      starts_at: toShopWallTime(startsAt),
    });
    expect(scheduled.status).toBe(303);
    expect((await storefrontHome()).data.hero?.words?.headline).toBe('Padded, for winter');

    api.clock.set(new Date(Math.ceil(startsAt.getTime() / 60_000) * 60_000));
    expect(await runDueJobs(api.deps, homeJobHandlers(api.deps))).toBe(1);
    const { data } = await storefrontHome('/it');
    expect(data.hero).toMatchObject({ href: '/?category=T-Shirts', words: { headline: 'The tees are back', button: 'Scopri le t-shirt' } });

    // Removing the hero brings back the newest product.
    expect((await postHero(homeAction, cookie, { slot: 'current', intent: 'remove' })).status).toBe(303);
    expect((await storefrontHome()).data.hero?.words).toBeUndefined();
  });

  it('the owner chooses the products shown first: the home page lists them first, in that order', async () => {
    const cookie = await signIn('owner');
    const [hoodie, jorts] = await Promise.all(
      ['Tracer Hoodie', 'Padded Jorts'].map((name) =>
        api.database.db.selectFrom('products').select('id').where('name', '=', name).executeTakeFirstOrThrow(),
      ),
    );
    const twice = await runAdminRoute(
      homeAction,
      '/admin/home',
      {},
      {
        cookie,
        form: [
          ['intent', 'featured'],
          ['place', hoodie.id],
          ['place', hoodie.id],
        ],
      },
    );
    expect(twice.status).toBe(400);
    expect(JSON.stringify(await twice.json())).toContain('Choose each product once');
    const saved = await runAdminRoute(
      homeAction,
      '/admin/home',
      {},
      {
        cookie,
        form: [
          ['intent', 'featured'],
          ['place', ''],
          ['place', hoodie.id],
          ['place', jorts.id],
          ['place', ''],
        ],
      },
    );
    expect(saved.status).toBe(303);
    const { data } = await storefrontHome();
    const names = (data as unknown as { products: { name: string }[] }).products.map((product) => product.name);
    expect(names.slice(0, 2)).toEqual(['Tracer Hoodie', 'Padded Jorts']);
  });
});
