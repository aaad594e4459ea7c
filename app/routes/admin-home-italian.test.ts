import { createRemixStub } from '@remix-run/testing';
import type { ComponentType } from 'react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ZodTypeAny } from 'zod';

import { type AdminHome, featuredFormSchema, heroFormSchema } from '@contract/api/home';
import { contactPageFormSchema } from '@contract/api/pages';
import { toShopWallTime } from '@contract/shop-time';

import { FORM_MESSAGE_KEYS } from '~/lib/form-messages.server';
import { type I18nData, pageWords } from '~/lib/i18n';
import { serverFormMessage } from '~/lib/i18n.server';

import { seedShopPages } from '../../api/src/seed/shop-pages';
import { backOfficeMember } from '../../tests/support/admin-member';
import { runAdminRoute } from '../../tests/support/admin-route';
import { withStorefrontApi } from '../../tests/support/storefront-api';
import AdminHomePage, { action as homeAction, loader as homeLoader } from './admin.home';
import { loader as pagesLoader } from './admin.pages._index';
import AdminPage, { action as pageAction, loader as pageLoader } from './admin.pages.$id';

/** The home page editor and the contact page's address and hours (ADR 073) for a member who chose Italian. */
const api = withStorefrontApi();

// A type, not an interface, so an answer passes as the plain record a loader returns.
type Answer = {
  i18n: I18nData;
  notice?: string | null;
};
type HomeAnswer = Answer & { home: AdminHome; owner: boolean; images: { current: string | null; scheduled: string | null } };

const PAGE = '/admin/home';
const cookieOf = (response: Response) => (response.headers.get('Set-Cookie') ?? '').split(';')[0];

/** A member signed in, who then chose Italian with the frame's switcher: their cookie. */
async function italianMember(role: 'owner' | 'staff'): Promise<string> {
  return (await backOfficeMember(api.current, role, { locale: 'it' })).cookie;
}

const home = async (cookie: string) => (await (await runAdminRoute(homeLoader, PAGE, {}, { cookie })).json()) as HomeAnswer;
const post = (cookie: string, form: [string, string][]) => runAdminRoute(homeAction, PAGE, {}, { cookie, form });

/** A route's component drawn with its loader's answer at its back-office address, as the browser first shows it. */
function draw(path: string, Component: ComponentType, data: Record<string, unknown>): string {
  const Page = createRemixStub([{ path, Component, loader: () => data }]);
  return renderToStaticMarkup(createElement(Page, { initialEntries: [path], hydrationData: { loaderData: { '0': data } } }));
}

/** Every message a schema gives for these values. */
const messages = (schema: ZodTypeAny, values: unknown[]) =>
  values.flatMap((value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  });

const tee = () => api.current.database.db.selectFrom('products').select('id').where('name', '=', 'Padded Tee').executeTakeFirstOrThrow();

describe('the home page editor in Italian', () => {
  it("answers its words in the member's language and draws the page in Italian", async () => {
    const owner = await italianMember('owner');
    const data = await home(owner);
    expect(data.i18n.locale).toBe('it');
    expect(Object.keys(pageWords(data.i18n).messages)).toEqual(
      expect.arrayContaining(['adminPeople.home.title', 'adminPeople.home.current.heading', 'adminPeople.home.featured.save']),
    );
    expect(pageWords(data.i18n).formMessages?.['Enter a headline']).toBe('Inserisci un titolo');

    const html = draw(PAGE, AdminHomePage, data);
    for (const words of [
      '<h1 id="home-heading">Pagina iniziale</h1>',
      '>Il banner attuale</h2>',
      '>Il prossimo banner</h2>',
      '>In primo piano</h2>',
      'Nessun banner: la pagina iniziale si apre con il prodotto più recente.',
      '>Il pulsante porta a<',
      'label="Lanci (non ancora in vendita)"',
      '>Titolo (inglese)<',
      '>Testo del pulsante (italiano)<',
      '>Inizio (ora italiana)<',
      '>Immagine (facoltativa)<',
      '>Salva il banner<',
      '>Programma il banner<',
      '>Posizione 1<',
      '>Salva l&#x27;ordine<',
    ])
      expect(html).toContain(words);
    expect(html).not.toMatch(
      />(Home page|The hero shown now|The next hero|Shown first|English|Headline \(English\)|The button leads to|Save the hero|Schedule the hero|Place 1|None|Save the order)</,
    );
    expect(html).not.toMatch(/None set|None scheduled|label="(Products|Categories|Drops \(not launched yet\))"/);
  });

  it('says its notices in Italian, on the next page, and sums up each hero in Italian', async () => {
    let owner = await italianMember('owner');
    const { id } = await tee();
    const saved = await post(owner, [
      ['slot', 'current'],
      ['intent', 'save'],
      ['headline_en', 'Padded, for winter'],
      ['button_en', 'See the Padded Tee'],
      ['link', `product:${id}`],
    ]);
    expect(saved.status).toBe(303);
    owner = cookieOf(saved);
    expect((await home(owner)).notice).toBe('Il banner è salvato: i clienti lo vedono già nella pagina iniziale.');

    const startsAt = new Date(api.current.clock.now().getTime() + 2 * 60 * 60_000);
    const scheduled = await post(owner, [
      ['slot', 'scheduled'],
      ['intent', 'save'],
      ['headline_en', 'The tees are back'],
      ['button_en', 'Shop the tees'],
      ['link', 'category:T-Shirts'],
      ['starts_at', toShopWallTime(startsAt)],
    ]);
    expect(scheduled.status).toBe(303);
    const withBoth = await home(cookieOf(scheduled));
    expect(withBoth.notice).toBe("Il prossimo banner è programmato: sostituirà quello attuale all'ora di inizio.");
    const html = draw(PAGE, AdminHomePage, { ...withBoth, notice: null });
    expect(html).toContain('“Padded, for winter”, con il pulsante che porta al prodotto Padded Tee. Impostato da');
    expect(html).toContain('“The tees are back”, con il pulsante che porta alla categoria T-Shirts. A partire da ');
    expect(html).not.toMatch(/its button leading|Set by|From /);

    const featured = await post(cookieOf(scheduled), [
      ['intent', 'featured'],
      ['place', id],
    ]);
    expect(featured.status).toBe(303);
    expect((await home(cookieOf(featured))).notice).toBe("L'ordine è salvato: ora la pagina iniziale mostra per primi questi prodotti.");
    const cancelled = await post(cookieOf(featured), [
      ['slot', 'scheduled'],
      ['intent', 'remove'],
    ]);
    expect(cancelled.status).toBe(303);
    expect((await home(cookieOf(cancelled))).notice).toBe('Il prossimo banner è stato annullato.');
  });

  it("keeps the schemas' English messages, which the page shows in Italian, and refuses staff in Italian", async () => {
    const owner = await italianMember('owner');
    const { formMessages } = pageWords((await home(owner)).i18n);
    const noTime = await post(owner, [
      ['slot', 'scheduled'],
      ['intent', 'save'],
      ['headline_en', 'Soon'],
      ['button_en', 'Go'],
      ['link', 'category:T-Shirts'],
      ['starts_at', ''],
    ]);
    expect(noTime.status).toBe(400);
    const { result } = (await noTime.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error.starts_at).toEqual(['Choose a start time']);
    expect(formMessages?.['Choose a start time']).toBe("Scegli un'ora di inizio");
    const { id } = await tee();
    const twice = await post(owner, [
      ['intent', 'featured'],
      ['place', id],
      ['place', id],
    ]);
    expect(twice.status).toBe(400);
    expect(JSON.stringify(await twice.json())).toContain('Choose each product once');
    expect(formMessages?.['Choose each product once']).toBe('Scegli ogni prodotto una sola volta');

    const staff = await italianMember('staff');
    const refused = await post(staff, [
      ['slot', 'current'],
      ['intent', 'save'],
      ['headline_en', 'Mine'],
      ['button_en', 'Go'],
      ['link', `product:${id}`],
    ]);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ result: { error: { '': ['Con il tuo account non puoi fare questa operazione.'] } } });
    const seen = await home(staff);
    expect(seen.owner).toBe(false);
    const html = draw(PAGE, AdminHomePage, seen);
    expect(html).toContain('Solo un titolare può modificare la pagina iniziale.');
    expect(html).toContain('>Il banner attuale</h2>');
    expect(html).not.toMatch(/Only an owner|The hero shown now|The newest products/);
  });

  it("knows every message its forms' schemas can give, each in Italian", () => {
    const long = (n: number) => 'a'.repeat(n);
    const uuid = '00000000-0000-4000-8000-000000000000';
    const given = new Set([
      ...messages(heroFormSchema, [
        {},
        { headline_en: ' ', button_en: ' ', link: 'nowhere' },
        {
          headline_en: long(121),
          headline_it: long(121),
          text_en: long(401),
          text_it: long(401),
          button_en: long(61),
          button_it: long(61),
        },
      ]),
      ...messages(featuredFormSchema, [
        { place: ['x'] },
        { place: Array.from({ length: 9 }, (_, n) => `${uuid.slice(0, -1)}${n}`) },
        { place: [uuid, uuid] },
      ]),
      ...messages(contactPageFormSchema, [
        { title_en: 'Contact', base_version: '1' },
        {
          title_en: 'Contact',
          base_version: '1',
          address_en: long(301),
          address_it: long(301),
          hours: [{ days_it: 'Lun' }, { days_en: long(41), days_it: long(41), hours_en: long(61), hours_it: long(61) }],
        },
        {
          title_en: 'Contact',
          base_version: '1',
          address_en: 'Genova',
          hours: Array.from({ length: 8 }, () => ({ days_en: 'Mon', hours_en: '9-5' })),
        },
      ]),
      'Choose a start time',
    ]);
    expect(given.size).toBeGreaterThan(15);
    expect([...given].filter((message) => !Object.hasOwn(FORM_MESSAGE_KEYS, message))).toEqual([]);
    const italian = serverFormMessage('it');
    expect([...given].filter((message) => italian(message) === message)).toEqual([]);
    expect(italian("Enter the button's words")).toBe('Inserisci il testo del pulsante');
    expect(italian('Enter the days')).toBe('Inserisci i giorni');
  });
});

describe("the contact page's address and hours in Italian", () => {
  it('draws the editor in Italian and shows a row without its days refused, its message in Italian', async () => {
    await seedShopPages(api.current.database.db);
    const owner = await italianMember('owner');
    const list = (await (await runAdminRoute(pagesLoader, '/admin/pages', {}, { cookie: owner })).json()) as {
      pages: { id: string; slug: string }[];
    };
    const { id } = list.pages.find((page) => page.slug === 'contact')!;
    const path = `/admin/pages/${id}`;
    const data = (await (await runAdminRoute(pageLoader, path, { id }, { cookie: owner })).json()) as Answer & {
      page: { latest_version: number; latest: Record<string, unknown> };
    };
    expect(data.i18n.locale).toBe('it');
    expect(Object.keys(pageWords(data.i18n).messages)).toEqual(
      expect.arrayContaining(['adminPeople.contactFields.hours', 'adminPeople.contactFields.row']),
    );
    const html = draw(path, AdminPage, { ...data, notice: null });
    for (const words of [
      '<legend>Indirizzo</legend>',
      '>Indirizzo (inglese)<',
      'Se lo lasci vuoto, la pagina italiana mostra quello inglese.',
      '<legend>Orari di apertura</legend>',
      '<legend>Riga 1</legend>',
      '>Giorni (inglese), riga 1<',
      '>Orari (italiano), riga 7<',
    ])
      expect(html).toContain(words);
    expect(html).not.toMatch(/>(Address|Business hours|Row 1|Days \(English\), row 1|Hours \(Italian\), row 7)</);
    expect(html).not.toMatch(/One line per line|Left empty|leave a row empty/);

    const latest = data.page.latest as Record<string, string>;
    const refused = await runAdminRoute(
      pageAction,
      path,
      { id },
      {
        cookie: owner,
        form: [
          ['intent', 'save'],
          ['base_version', String(data.page.latest_version)],
          ['title_en', latest.title_en],
          ['body_en', latest.body_en],
          ['address_en', 'FILO Studio\nVia del Campo 4'],
          ['hours[0].days_en', ''],
          ['hours[0].hours_en', '10:00-12:00'],
        ],
      },
    );
    expect(refused.status).toBe(400);
    const { result } = (await refused.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error['hours[0].days_en']).toEqual(['Enter the days']);
    expect(pageWords(data.i18n).formMessages?.['Enter the days']).toBe('Inserisci i giorni');
  });
});
