import type { LoaderFunction } from '@remix-run/node';
import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SHOP_PAGE_FIRST_TEXTS } from '@contract/shop-pages';

import { seedShopPages } from '../../api/src/seed/shop-pages';
import { runAdminRoute } from '../../tests/support/admin-route';
import { callRoute } from '../../tests/support/route-context';
import { STAFF_PASSWORD, staffAddress, staffMember } from '../../tests/support/staff';
import { startTestApi } from '../../tests/support/test-api';
import { LinkNavigation } from '../components/shop-link';
import About, { loader as aboutLoader } from './about';
import { action as loginAction } from './admin.login';
import { loader as pagesLoader } from './admin.pages._index';
import { action as pageAction, loader as pageLoader } from './admin.pages.$id';
import Contact, { loader as contactLoader } from './contact';

/** The about and contact pages' words edited in the back office and read by the storefront (ADR 073). */
type Api = Awaited<ReturnType<typeof startTestApi>>;
let api: Api;

beforeAll(async () => {
  api = await startTestApi({ seed: false });
  process.env.API_URL = api.url;
  process.env.STORAGE_URL = api.url;
});
afterAll(() => api.cleanup());

async function signIn(role: 'owner' | 'staff'): Promise<string> {
  const { email } = await staffMember(api, role, staffAddress(`shop-pages-${role}`));
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

async function storefront(fn: LoaderFunction, path: string) {
  const response = (await callRoute(fn, new Request(`http://shop.test${path}`), path.startsWith('/it/') ? { lang: 'it' } : {})) as Response;
  return { response, data: (await response.json()) as Record<string, unknown> & { i18n: { locale: 'en' | 'it' } } };
}

function render(path: string, Page: () => JSX.Element, data: { i18n: { locale: 'en' | 'it' } }) {
  const Component = () => (
    <LinkNavigation locale={data.i18n.locale}>
      <Page />
    </LinkNavigation>
  );
  const Stub = createRemixStub([{ path: '/*', Component, loader: () => data as Record<string, unknown> }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} hydrationData={{ loaderData: { '0': data } }} />);
}

async function pageIdOf(cookie: string, slug: string): Promise<string> {
  const list = (await (await runAdminRoute(pagesLoader, '/admin/pages', {}, { cookie })).json()) as {
    pages: { id: string; slug: string }[];
  };
  return list.pages.find((page) => page.slug === slug)!.id;
}

const { contact, about } = SHOP_PAGE_FIRST_TEXTS;

/** The contact form as the back office posts it: every text, the address, and the rows of hours typed. */
function contactForm(intent: string, version: number, hours: [string, string, string, string][]): [string, string][] {
  return [
    ['intent', intent],
    ['base_version', String(version)],
    ['title_en', contact.title_en],
    ['title_it', contact.title_it],
    ['description_en', contact.description_en],
    ['description_it', contact.description_it],
    ['body_en', contact.body_en],
    ['body_it', contact.body_it],
    ['address_en', 'FILO Studio\nVia del Campo 4\n16124 Genova, Italy'],
    ['address_it', 'Laboratorio FILO\nVia del Campo 4\n16124 Genova, Italia'],
    ...hours.flatMap(([daysEn, hoursEn, daysIt, hoursIt], row): [string, string][] => [
      [`hours[${row}].days_en`, daysEn],
      [`hours[${row}].hours_en`, hoursEn],
      [`hours[${row}].days_it`, daysIt],
      [`hours[${row}].hours_it`, hoursIt],
    ]),
    // The rows the form offers and nobody filled.
    ['hours[5].days_en', ''],
    ['hours[5].hours_en', ''],
  ];
}

describe('the about and contact pages from the back office to the storefront', () => {
  it('without pages in the database (before the seed) they show the texts the shop always showed', async () => {
    const { data } = await storefront(contactLoader, '/contact');
    const html = render('/contact', Contact, data);
    expect(html).toContain('<h1 class="page-title">Contact us</h1>');
    expect(html).toContain('<p class="lead">Questions about an order');
    expect(html).toContain('<th scope="row">Mon-Fri</th><td>10:00-18:00</td>');
    expect(html).toContain('FILO Studio<br/>Via San Lorenzo 23<br/>16123 Genova, Italy');
    const it = await storefront(aboutLoader, '/it/about');
    expect(render('/it/about', About, it.data)).toContain(`<p>${about.body_it.split('\n\n')[0]}</p>`);
  });

  it("the owner publishes new hours and address: the contact page shows them in both languages, and the about page's story", async () => {
    await seedShopPages(api.database.db);
    const cookie = await signIn('owner');
    const id = await pageIdOf(cookie, 'contact');
    const path = `/admin/pages/${id}`;
    const loaded = (await (await runAdminRoute(pageLoader, path, { id }, { cookie })).json()) as { page: { latest: { fields: unknown } } };
    expect(loaded.page.latest.fields).toEqual(contact.fields);
    const hours: [string, string, string, string][] = [
      ['Tue-Sat', '11:00-19:00', 'Mar-Sab', ''],
      ['Sun-Mon', 'closed', 'Dom-Lun', 'chiuso'],
    ];
    const published = await runAdminRoute(pageAction, path, { id }, { cookie, form: contactForm('publish', 1, hours) });
    expect(published.status).toBe(303);

    const en = await storefront(contactLoader, '/contact');
    const html = render('/contact', Contact, en.data);
    expect(html).toContain('<th scope="row">Tue-Sat</th><td>11:00-19:00</td>');
    expect(html).toContain('<th scope="row">Sun-Mon</th><td>closed</td>');
    expect(html).not.toContain('Mon-Fri');
    expect(html).toContain('FILO Studio<br/>Via del Campo 4<br/>16124 Genova, Italy');
    const it = render('/it/contact', Contact, (await storefront(contactLoader, '/it/contact')).data);
    expect(it).toContain('<th scope="row">Mar-Sab</th><td>11:00-19:00</td>');
    expect(it).toContain('<th scope="row">Dom-Lun</th><td>chiuso</td>');
    expect(it).toContain('Laboratorio FILO<br/>Via del Campo 4');

    const aboutId = await pageIdOf(cookie, 'about');
    const story = 'We moved to a bigger studio.\n\nThe Saturday mornings stay.';
    const aboutForm: [string, string][] = [
      ['intent', 'publish'],
      ['base_version', '1'],
      ['title_en', 'Cut and sewn in Genoa'],
      ['description_en', about.description_en],
      ['body_en', story],
    ];
    expect((await runAdminRoute(pageAction, `/admin/pages/${aboutId}`, { id: aboutId }, { cookie, form: aboutForm })).status).toBe(303);
    const aboutPage = await storefront(aboutLoader, '/about');
    expect(aboutPage.response.headers.get('Cache-Control')).toBe('no-cache');
    const aboutHtml = render('/about', About, aboutPage.data);
    expect(aboutHtml).toContain('Cut and sewn in Genoa</h1>');
    expect(aboutHtml).toContain('<p>We moved to a bigger studio.</p>');
    // Italian left empty reads in English.
    expect(render('/it/about', About, (await storefront(aboutLoader, '/it/about')).data)).toContain('<p>The Saturday mornings stay.</p>');
  });

  it('a row of hours without its days is refused with the field named; staff save drafts but may not publish', async () => {
    const cookie = await signIn('owner');
    const id = await pageIdOf(cookie, 'contact');
    const path = `/admin/pages/${id}`;
    const refused = await runAdminRoute(pageAction, path, { id }, { cookie, form: contactForm('save', 2, [['', '10:00-12:00', '', '']]) });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('Enter the days');

    const staff = await signIn('staff');
    const draft = await runAdminRoute(
      pageAction,
      path,
      { id },
      { cookie: staff, form: contactForm('save', 2, [['Every day', '9-21', '', '']]) },
    );
    expect(draft.status).toBe(303);
    const forbidden = await runAdminRoute(
      pageAction,
      path,
      { id },
      { cookie: staff, form: contactForm('publish', 3, [['Never', '-', '', '']]) },
    );
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).result.error).toEqual({ '': ['Only an owner may publish a page'] });
    const html = render('/contact', Contact, (await storefront(contactLoader, '/contact')).data);
    expect(html).toContain('Tue-Sat');
    expect(html).not.toContain('Every day');
  });
});
