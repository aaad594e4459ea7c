import { createRemixStub } from '@remix-run/testing';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ZodTypeAny } from 'zod';

import type { AdminNavigation } from '@contract/api/navigation';

import { changeLinkFormSchema, columnFormSchema, newLinkFormSchema } from '~/forms/admin-navigation';
import { FORM_MESSAGE_KEYS } from '~/lib/form-messages.server';
import { type I18nData, pageWords } from '~/lib/i18n';
import { serverFormMessage } from '~/lib/i18n.server';

import { backOfficeMember } from '../../tests/support/admin-member';
import { runAdminRoute } from '../../tests/support/admin-route';
import { withStorefrontApi } from '../../tests/support/storefront-api';
import AdminNavigationPage, { action as navigationAction, loader as navigationLoader } from './admin.navigation';

/** The navigation editor (ADR 071) for a member who chose Italian: its words, notices, refusals and forms' messages. */
const api = withStorefrontApi();

// A type, not an interface, so an answer passes as the plain record a loader returns.
type Answer = {
  navigation: AdminNavigation;
  owner: boolean;
  editing: string | null;
  notice: string | null;
  i18n: I18nData;
};

const PAGE = '/admin/navigation';
const cookieOf = (response: Response) => (response.headers.get('Set-Cookie') ?? '').split(';')[0];

/** A member signed in, who then chose Italian with the frame's switcher: their cookie. */
async function italianMember(role: 'owner' | 'staff'): Promise<string> {
  return (await backOfficeMember(api.current, role, { locale: 'it' })).cookie;
}

const page = async (cookie: string, path = PAGE) => (await (await runAdminRoute(navigationLoader, path, {}, { cookie })).json()) as Answer;
const post = (cookie: string, form: [string, string][]) => runAdminRoute(navigationAction, PAGE, {}, { cookie, form });

/** The page drawn with its loader's answer at its back-office address, as the browser first shows it. */
function draw(path: string, data: Answer): string {
  const Page = createRemixStub([{ path: PAGE, Component: AdminNavigationPage, loader: () => data }]);
  return renderToStaticMarkup(createElement(Page, { initialEntries: [path], hydrationData: { loaderData: { '0': data } } }));
}

/** Every message a schema gives for these values. */
const messages = (schema: ZodTypeAny, values: unknown[]) =>
  values.flatMap((value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  });

describe('the navigation editor in Italian', () => {
  it("answers its words in the member's language and draws the page, a link's form open, in Italian", async () => {
    const owner = await italianMember('owner');
    const first = await page(owner);
    expect(first.i18n.locale).toBe('it');
    expect(Object.keys(pageWords(first.i18n).messages)).toEqual(
      expect.arrayContaining(['adminPeople.navigation.title', 'adminPeople.navigation.addLink', 'adminPeople.navigation.kind.page']),
    );
    expect(pageWords(first.i18n).formMessages?.['Use a full address that starts with https://']).toBe(
      'Usa un indirizzo completo che inizi con https://',
    );

    const all = first.navigation.groups[0]!.items[1]!;
    const data = await page(owner, `${PAGE}?edit=${all.id}`);
    expect(data.editing).toBe(all.id);
    const html = draw(`${PAGE}?edit=${all.id}`, data);
    for (const words of [
      '>Menu di navigazione</h1>',
      'Menu dell&#x27;intestazione “Products”',
      'Colonna del piè di pagina “Support”',
      'In italiano: ',
      'aria-label="Modifica: All products"',
      '<strong>I prodotti del catalogo, poi le sue categorie</strong>',
      'Modifica il link “All products”',
      '>Salva il link<',
      '>Aggiungi un link<',
      '>Aggiungi una colonna al piè di pagina<',
      '>Porta a<',
      '>Una delle tue pagine<',
      '>Scegli il menu o la colonna<',
      '>Etichetta (inglese)<',
      '>Titolo (italiano)<',
      '>Sposta la colonna a sinistra<',
      '>Rimuovi la colonna e i suoi link<',
      '>Sì, rimuovi “',
    ])
      expect(html).toContain(words);
    expect(html).not.toMatch(
      />(Navigation|Add|Add a link|Add the link|Links to|Your page|Label \(English\)|Heading \(Italian\)|Move up|Move down|Change|Remove|Save the heading)</,
    );
    expect(html).not.toMatch(/In Italian|Header menu|Footer column|The catalogue|aria-label="(Change|Move up|Move down|Remove):/);
  });

  it('says its notices in Italian, on the next page', async () => {
    let owner = await italianMember('owner');
    const added = await post(owner, [
      ['intent', 'add-column'],
      ['heading_en', 'Guides'],
      ['heading_it', ''],
    ]);
    expect(added.status).toBe(303);
    owner = cookieOf(added);
    const withColumn = await page(owner);
    expect(withColumn.notice).toBe('La colonna è stata aggiunta in fondo al piè di pagina.');
    const guides = withColumn.navigation.groups.find((group) => group.heading_en === 'Guides')!;
    expect(draw(PAGE, { ...withColumn, notice: null })).toContain('In italiano: Guides (come in inglese)');

    const moved = await post(owner, [
      ['intent', 'column-up'],
      ['id', guides.id],
    ]);
    expect(moved.status).toBe(303);
    expect((await page(cookieOf(moved))).notice).toBe('Il nuovo ordine è stato salvato.');
    const unticked = await post(cookieOf(moved), [
      ['intent', 'remove-column'],
      ['id', guides.id],
    ]);
    expect(unticked.status).toBe(400);
    expect((await unticked.json()).error).toBe('Spunta la casella per confermare che la colonna vada via con i suoi link.');
    const removed = await post(cookieOf(moved), [
      ['intent', 'remove-column'],
      ['id', guides.id],
      ['confirm', 'on'],
    ]);
    expect(removed.status).toBe(303);
    expect((await page(cookieOf(removed))).notice).toBe('La colonna è stata rimossa insieme ai suoi link.');
  });

  it('says its refusals in Italian: a link changed meanwhile, an unknown change, and a member of staff', async () => {
    const owner = await italianMember('owner');
    const item = (await page(owner)).navigation.groups.find((group) => group.key === 'support')!.items[0]!;
    const change: [string, string][] = [
      ['intent', 'change-link'],
      ['id', item.id],
      ['version', String(item.version)],
      ['kind', 'path'],
      ['address', '/contact'],
      ['label_en', 'Write to us'],
    ];
    expect((await post(owner, change)).status).toBe(303);
    const stale = await post(owner, change);
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({
      form: `change-link-${item.id}`,
      result: { error: { '': ['Nel frattempo qualcuno ha modificato questo link; ricontrollalo prima di salvare'] } },
    });
    const unknown = await post(owner, [['intent', 'nothing']]);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ form: 'page', error: 'Modifica sconosciuta' });

    const staff = await italianMember('staff');
    const refused = await post(staff, [
      ['intent', 'remove-link'],
      ['id', item.id],
    ]);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ form: `row-${item.id}`, error: 'Con il tuo account non puoi fare questa operazione.' });
    const seen = await page(staff);
    expect(seen.owner).toBe(false);
    const html = draw(PAGE, seen);
    expect(html).toContain('Solo un titolare può modificare i menu di navigazione.');
    expect(html).not.toContain('Only an owner');
  });

  it("knows every message its forms' schemas can give, each in Italian", () => {
    const uuid = '00000000-0000-4000-8000-000000000000';
    const long = (n: number) => 'a'.repeat(n);
    const given = new Set([
      ...messages(newLinkFormSchema, [
        {},
        { kind: 'nowhere', group_id: 'x' },
        { kind: 'path', group_id: uuid },
        { kind: 'path', group_id: uuid, address: 'contact', label_en: ' ' },
        { kind: 'path', group_id: uuid, address: `/${long(200)}`, label_en: long(81), label_it: long(81) },
        { kind: 'url', group_id: uuid, address: `https://${long(500)}.example` },
        { kind: 'url', group_id: uuid, address: 'ftp://files.example/x', label_en: 'Files' },
        { kind: 'product', group_id: uuid, product_id: 'x' },
        { kind: 'category', group_id: uuid },
        { kind: 'page', group_id: uuid },
      ]),
      ...messages(changeLinkFormSchema, [{ kind: 'catalogue' }]),
      ...messages(columnFormSchema, [{}, { heading_en: ' ' }, { heading_en: long(61), heading_it: long(61) }]),
    ]);
    expect(given.size).toBeGreaterThan(14);
    expect([...given].filter((message) => !Object.hasOwn(FORM_MESSAGE_KEYS, message))).toEqual([]);
    const italian = serverFormMessage('it');
    expect([...given].filter((message) => italian(message) === message)).toEqual([]);
    expect(italian('Use a path of the shop that starts with /, such as /contact')).toBe(
      'Usa un percorso del negozio che inizi con /, come /contact',
    );
  });
});
