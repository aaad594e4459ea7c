import { createRemixStub } from '@remix-run/testing';
import type { ComponentType } from 'react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { type I18nData, pageWords } from '~/lib/i18n';

import { backOfficeMember } from '../../tests/support/admin-member';
import { runAdminRoute } from '../../tests/support/admin-route';
import { callRoute } from '../../tests/support/route-context';
import { buyThroughCheckout, shopper, variants } from '../../tests/support/shopper';
import { staffAddress } from '../../tests/support/staff';
import { withStorefrontApi } from '../../tests/support/storefront-api';
import AdminOverview, { loader as overviewLoader } from './admin._index';
import AdminAudit, { loader as auditLoader } from './admin.audit';
import AdminCustomers, { loader as customersLoader } from './admin.customers._index';
import AdminCustomer, { loader as customerLoader } from './admin.customers.$id';
import AdminStoreCredit, { action as creditAction, loader as creditLoader } from './admin.customers.$id_.store-credit';
import { action as languageAction } from './admin.language';
import AdminLogin, { action as loginAction, loader as loginLoader } from './admin.login';
import AdminPages, { action as pagesAction, loader as pagesLoader } from './admin.pages._index';
import AdminPrivacy, { action as privacyAction, loader as privacyLoader } from './admin.privacy';
import AdminReminders, { action as remindersAction, loader as remindersLoader } from './admin.reminders';
import AdminStaff, { action as staffAction, loader as staffLoader } from './admin.staff';

/** The people area of the back office (overview, audit, customers, staff, privacy, reminders, pages, sign-in) for a member who chose Italian. */
const api = withStorefrontApi();

// A type, not an interface, so an answer passes as the plain record a loader returns.
type Answer = {
  i18n: I18nData;
  notice?: string | null;
};

const cookieOf = (response: Response) => (response.headers.get('Set-Cookie') ?? '').split(';')[0];

/** A member signed in, who then chose Italian with the frame's switcher: their cookie. */
async function italianMember(role: 'owner' | 'staff'): Promise<string> {
  return (await backOfficeMember(api.current, role, { locale: 'it' })).cookie;
}

const read = async (response: Response) => (await response.json()) as Answer & Record<string, unknown>;

/** A route's component drawn with its loader's answer, at its back-office address. */
function draw(path: string, Component: ComponentType, data: Record<string, unknown>): string {
  const Page = createRemixStub([{ path, Component, loader: () => data }]);
  return renderToStaticMarkup(createElement(Page, { initialEntries: [path], hydrationData: { loaderData: { '0': data } } }));
}

describe('the back office people area in Italian', () => {
  it("answers every page's words in the member's language", async () => {
    const owner = await italianMember('owner');
    // Each page: its loader, address, one of its keys, its component, Italian it shows and English it must not.
    const pages: [Parameters<typeof runAdminRoute>[0], string, string, ComponentType, string[], RegExp][] = [
      [
        overviewLoader,
        '/admin',
        'adminPeople.overview.title',
        AdminOverview,
        ['Accesso come', 'Incasso netto', 'Ultimi 7 giorni', 'Pagamenti restituiti'],
        />(Signed in as|Net revenue|Funnel|Top products|Demand waiting|Last 30 days|Day|Revenue)</,
      ],
      [
        auditLoader,
        '/admin/audit',
        'adminPeople.audit.title',
        AdminAudit,
        ['Registro delle modifiche', 'Chi'],
        />(Audit log|Who|What|Before|After)</,
      ],
      [
        customersLoader,
        '/admin/customers',
        'adminPeople.customers.title',
        AdminCustomers,
        ['Clienti', 'Cerca'],
        />(Customers|Search|Email or name)</,
      ],
      [staffLoader, '/admin/staff', 'adminPeople.staff.title', AdminStaff, ['Aggiungi una persona'], />(Add someone|Role|Added|Actions)</],
      [
        privacyLoader,
        '/admin/privacy',
        'adminPeople.privacy.title',
        AdminPrivacy,
        ['Registro della privacy', 'Salva i periodi', 'fissato per legge'],
        />(Privacy log|Save periods|How long the shop keeps data)</,
      ],
      [
        remindersLoader,
        '/admin/reminders',
        'adminPeople.reminders.title',
        AdminReminders,
        ['Promemoria e richieste', 'Impostazioni', 'Oggetto (italiano)'],
        />(Reminders and demand|Settings|Demand per variant|Save reminder settings)</,
      ],
      [pagesLoader, '/admin/pages', 'adminPeople.pages.title', AdminPages, ['Nuova pagina'], />(Pages|New page|Add page)</],
    ];
    for (const [loader, path, key, Component, italian, english] of pages) {
      const response = await runAdminRoute(loader, path, {}, { cookie: owner });
      expect(response.status, path).toBe(200);
      const data = await read(response);
      expect(data.i18n.locale, path).toBe('it');
      expect(Object.keys(pageWords(data.i18n).messages), path).toContain(key);
      // The schemas' English messages come with their Italian, for the forms' errors.
      expect(pageWords(data.i18n).formMessages?.['Choose a role: owner or staff'], path).toBe('Scegli un ruolo: titolare o staff');
      const html = draw(path, Component, data);
      for (const words of italian) expect(html, path).toContain(words);
      expect(html, path).not.toMatch(english);
    }
  });

  it("says an action's notice and refusal in Italian, and draws the staff page in Italian", async () => {
    let owner = await italianMember('owner');
    const added = staffAddress('italian');
    const saved = await runAdminRoute(
      staffAction,
      '/admin/staff',
      {},
      {
        cookie: owner,
        form: [
          ['intent', 'add'],
          ['email', added],
          ['role', 'staff'],
        ],
      },
    );
    expect(saved.status).toBe(303);
    owner = cookieOf(saved);
    const page = await read(await runAdminRoute(staffLoader, '/admin/staff', {}, { cookie: owner }));
    expect(page.notice).toBe(`${added} è stato aggiunto come staff. Gli è stato inviato per email un codice per scegliere la password.`);

    const html = draw('/admin/staff', AdminStaff, { ...page, notice: null });
    for (const words of ['Aggiungi una persona', 'Scegli un ruolo', 'Aggiungi allo staff', 'Invia un nuovo codice', 'Aggiunto il'])
      expect(html).toContain(words);
    for (const english of ['Add someone', 'Choose a role', 'Add to the staff', 'Send a new code', 'Not chosen yet'])
      expect(html).not.toContain(english);

    const reminders = await runAdminRoute(
      remindersAction,
      '/admin/reminders',
      {},
      {
        cookie: owner,
        form: [
          ['enabled', 'on'],
          ['first_hours', '4'],
          ['followup_hours', '48'],
          ['subject_en', 'Your cart misses you'],
          ['subject_it', 'Il tuo carrello ti aspetta'],
        ],
      },
    );
    expect(reminders.status).toBe(303);
    const report = await read(await runAdminRoute(remindersLoader, '/admin/reminders', {}, { cookie: cookieOf(reminders) }));
    expect(report.notice).toBe('Le impostazioni dei promemoria sono salvate.');

    // Only an owner changes store credit: a member of staff is told so in Italian.
    const staff = await italianMember('staff');
    const refused = await runAdminRoute(
      creditAction,
      '/admin/customers/00000000-0000-4000-8000-000000000000/store-credit',
      { id: '00000000-0000-4000-8000-000000000000' },
      {
        cookie: staff,
        form: [
          ['direction', 'add'],
          ['amount', '5'],
          ['reason', 'Goodwill'],
        ],
      },
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'Solo un titolare può modificare il credito del negozio.' });
    const privacy = await runAdminRoute(privacyLoader, '/admin/privacy', {}, { cookie: staff });
    expect(privacy.status).toBe(403);
    const privacyPage = await read(privacy);
    expect(privacyPage.i18n.locale).toBe('it');
    // A period out of its bounds: the schema's English message, which the page shows in Italian.
    const periods = (await read(await runAdminRoute(privacyLoader, '/admin/privacy', {}, { cookie: owner }))).periods as Record<
      string,
      number
    >;
    const tooShort = await runAdminRoute(
      privacyAction,
      '/admin/privacy',
      {},
      { cookie: owner, form: Object.entries({ ...periods, outbox: 0 }).map(([kind, days]) => [kind, String(days)]) },
    );
    expect(tooShort.status).toBe(400);
    const { result } = (await tooShort.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error.outbox).toEqual(['Enter at least 1 days']);
    expect(pageWords(privacyPage.i18n).formMessages?.['Enter at least 1 days']).toBe('Inserisci almeno 1 giorno');

    // A new page: its notice, then the list, in Italian.
    const created = await runAdminRoute(
      pagesAction,
      '/admin/pages',
      {},
      {
        cookie: owner,
        form: [
          ['title_en', 'Size guide'],
          ['slug', 'size-guide-it'],
        ],
      },
    );
    expect(created.status).toBe(303);
    const { notice } = await read(await runAdminRoute(pagesLoader, '/admin/pages', {}, { cookie: cookieOf(created) }));
    expect(notice).toBe('La pagina è stata aggiunta come bozza; sarà su /pages/size-guide-it una volta pubblicata.');
    const pages = await read(await runAdminRoute(pagesLoader, '/admin/pages', {}, { cookie: owner }));
    const list = draw('/admin/pages', AdminPages, { ...pages, notice: null });
    expect(list).toContain('<h1 id="pages-heading">Pagine</h1>');
    expect(list).toContain('Bozza (non pubblicata)');
    expect(list).toContain('Aggiungi la pagina');
    expect(list).not.toMatch(/>(Title|Address|State|Last change|New page|Draft \(not published\))</);
  });

  it('speaks Italian on the sign-in page before anyone signs in, from the browser or the switcher', async () => {
    const open = async (query: string, headers: Record<string, string>) => {
      const response = (await callRoute(loginLoader, new Request(`http://shop.test/admin/login${query}`, { headers }))) as Response;
      return (await response.json()) as Answer & { step: string; email: string; redirectTo: string };
    };
    const italian = await open('?done=signed-out', { 'Accept-Language': 'it-IT,it;q=0.9' });
    expect(italian.i18n.locale).toBe('it');
    expect(italian.notice).toBe('Sei uscito dal back office.');
    expect((await open('?done=session-ended', { 'Accept-Language': 'en-GB' })).notice).toBe(
      'Your back-office session has ended. Please sign in again.',
    );
    const html = draw('/admin/login', AdminLogin, italian);
    expect(html).toContain('Accedi al back office');
    expect(html).toContain('>Accedi</button>');
    expect(html).not.toContain('Sign in');

    // A wrong password is refused in the language the page speaks.
    const chosen = cookieOf(
      await runAdminRoute(
        languageAction,
        '/admin/language',
        {},
        {
          form: [
            ['locale', 'it'],
            ['redirectTo', '/admin/login'],
          ],
        },
      ),
    );
    const refused = await runAdminRoute(
      loginAction,
      '/admin/login',
      {},
      {
        cookie: chosen,
        form: [
          ['intent', 'login'],
          ['email', staffAddress('nobody')],
          ['password', 'Wrong-Password-1'],
        ],
      },
    );
    expect(refused.status).toBe(400);
    const { result } = (await refused.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error['']).toEqual(['Email o password non corrette']);
  });

  it("shows a customer, their store credit and its ledger in Italian, with the change's notice", async () => {
    const buyer = shopper(api.current);
    const { user } = await buyer.register();
    const [variant] = await variants(api.current);
    await buyThroughCheckout(api.current, buyer, [{ id: variant.id }]);
    const owner = await italianMember('owner');
    const params = { id: user.id as string };
    const customer = await read(await runAdminRoute(customerLoader, `/admin/customers/${user.id}`, params, { cookie: owner }));
    expect(customer.i18n.locale).toBe('it');
    const page = draw(`/admin/customers/${user.id}`, AdminCustomer, customer);
    for (const words of [
      'Tutti i clienti',
      'Registrato, dal',
      'Indirizzi',
      'Richieste sulla privacy',
      'Cancella il cliente',
      'Card sbloccate',
    ])
      expect(page).toContain(words);
    expect(page).not.toMatch(/>(All customers|Addresses|Privacy requests|Erase customer|Cards unlocked|Back-in-stock requests)</);

    const path = `/admin/customers/${user.id}/store-credit`;
    const added = await runAdminRoute(creditAction, path, params, {
      cookie: owner,
      form: [
        ['direction', 'add'],
        ['amount', '12,50'],
        ['reason', 'Goodwill'],
      ],
    });
    expect(added.status).toBe(303);
    const credit = await read(await runAdminRoute(creditLoader, path, params, { cookie: cookieOf(added) }));
    expect(credit.notice).toBe('€12,50 aggiunti. Il credito del negozio ora è €12,50.');
    const ledger = draw(path, AdminStoreCredit, credit);
    for (const words of ['Torna al cliente', 'Saldo:', 'Aggiungi o togli credito', 'Movimenti', 'Variazione', '+€12,50', 'Goodwill'])
      expect(ledger).toContain(words);
    expect(ledger).not.toMatch(/>(Store credit|Ledger|Balance|When|Change|Why|Who|Save)</);
  });
});
