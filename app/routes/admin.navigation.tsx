import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';

import type { AdminNavigation, AdminNavigationGroup } from '@contract/api/navigation';

import { AdminNotice } from '~/components/admin/admin-notice';
import { ColumnForm, groupName, LinkForm, linkName, RowButton } from '~/components/admin/navigation-forms';
import { changeLinkFormSchema, columnFormSchema, newLinkFormSchema } from '~/forms/admin-navigation';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import {
  addColumn,
  addLink,
  changeHeading,
  changeLink,
  getNavigation,
  moveColumn,
  moveLink,
  removeColumn,
  removeLink,
} from '~/lib/admin/navigation.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, type SignedInStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Navigation') }, { name: 'robots', content: 'noindex' }];

const PAGE = '/admin/navigation';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const [navigation, { notice, headers }] = await Promise.all([getNavigation(staff), takeNotice(context)]);
  const owner = staff.role === 'owner';
  const editing = owner ? new URL(request.url).searchParams.get('edit') : null;
  return json({ navigation, owner, notice, editing }, { headers: { ...ADMIN_HEADERS, ...headers } });
}

/** Which form a refusal belongs to, with Conform's reply for a form of fields, or the sentence for a button. */
type Refusal = { form: string; result: SubmissionResult<string[]> | null; error: string | null };

/** The buttons' changes: a move or a removal, with the notice each leaves. */
const BUTTONS: Record<string, (staff: SignedInStaff, id: string) => Promise<unknown>> = {
  'link-up': (staff, id) => moveLink(staff, id, { direction: 'up' }),
  'link-down': (staff, id) => moveLink(staff, id, { direction: 'down' }),
  'remove-link': (staff, id) => removeLink(staff, id),
  'column-up': (staff, id) => moveColumn(staff, id, { direction: 'up' }),
  'column-down': (staff, id) => moveColumn(staff, id, { direction: 'down' }),
  'remove-column': (staff, id) => removeColumn(staff, id),
};
const BUTTON_NOTICES: Record<string, string> = {
  'remove-link': 'The link is removed.',
  'remove-column': 'The column is removed with its links.',
};

/** A form of fields: checked with its schema, then sent; its refusal stays with it. */
async function submitForm(
  staff: SignedInStaff,
  intent: string,
  id: string,
  formData: FormData,
): Promise<{ refusal: Refusal; status: number } | string> {
  const form = intent === 'add-link' || intent === 'add-column' ? intent : `${intent}-${id}`;
  const submission =
    intent === 'add-link'
      ? parseWithZod(formData, { schema: newLinkFormSchema })
      : intent === 'change-link'
        ? parseWithZod(formData, { schema: changeLinkFormSchema })
        : parseWithZod(formData, { schema: columnFormSchema });
  if (submission.status !== 'success') return { refusal: { form, result: submission.reply(), error: null }, status: 400 };
  try {
    const value = submission.value;
    if (intent === 'add-link' && 'group_id' in value) {
      const { group_id, ...link } = value;
      await addLink(staff, group_id, link);
      return 'The link is added; shoppers see it on their next page.';
    }
    if (intent === 'change-link' && 'version' in value) {
      await changeLink(staff, id, value);
      return 'The link is saved; shoppers see it on their next page.';
    }
    if ('heading_en' in value) {
      await (intent === 'add-column' ? addColumn(staff, value) : changeHeading(staff, id, value));
      return intent === 'add-column' ? 'The column is added at the end of the footer.' : 'The heading is saved.';
    }
    return { refusal: { form, result: submission.reply({ formErrors: ['Unknown change'] }), error: null }, status: 400 };
  } catch (error) {
    return {
      refusal: { form, result: submission.reply({ formErrors: [adminErrorText(error)] }), error: null },
      status: failureStatus(error),
    };
  }
}

/** Every change to the navigation, by intent (an owner's; the API refuses staff). Each is in the audit log. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const formData = await readFormData(request);
  const intent = String(formData.get('intent') ?? '');
  const id = String(formData.get('id') ?? '');
  const button = BUTTONS[intent];
  if (button) {
    try {
      await button(staff, id);
      return redirectWithNotice(context, PAGE, BUTTON_NOTICES[intent] ?? 'The order is saved.');
    } catch (error) {
      return json<Refusal>(
        { form: `row-${id}`, result: null, error: adminErrorText(error) },
        { status: failureStatus(error), headers: ADMIN_HEADERS },
      );
    }
  }
  if (!['add-link', 'change-link', 'add-column', 'change-heading'].includes(intent))
    return json<Refusal>({ form: 'page', result: null, error: 'Unknown change' }, { status: 400, headers: ADMIN_HEADERS });
  const done = await submitForm(staff, intent, id, formData);
  if (typeof done === 'string') return redirectWithNotice(context, PAGE, done);
  return json<Refusal>(done.refusal, { status: done.status, headers: ADMIN_HEADERS });
}

function Group({
  group,
  navigation,
  owner,
  editing,
  refusal,
}: {
  group: AdminNavigationGroup;
  navigation: AdminNavigation;
  owner: boolean;
  editing: string | null;
  refusal: Refusal | undefined;
}) {
  const last = group.items.length - 1;
  const columns = navigation.groups.filter((other) => other.menu === 'footer');
  const column = columns.findIndex((other) => other.id === group.id);
  const resultOf = (form: string) => (refusal?.form === form ? refusal.result : undefined);
  return (
    <section aria-labelledby={`group-${group.key}`}>
      <h2 id={`group-${group.key}`}>{groupName(group)}</h2>
      <p>In Italian: {group.heading_it || `${group.heading_en} (the English)`}</p>
      {group.items.length ? null : <p>No links yet.</p>}
      <ol className="admin-nav-links">
        {group.items.map((item, i) => (
          <li key={item.id}>
            <span>
              <strong>{linkName(item)}</strong>
              {item.label_en ? <span className="admin-muted"> · {item.points_to}</span> : null}
              {item.label_it ? <span className="admin-muted"> · in Italian: {item.label_it}</span> : null}
              {item.shown ? null : <em> · not shown to shoppers now (an archived product or a page not published)</em>}
            </span>
            {owner ? (
              <>
                {i > 0 ? <RowButton intent="link-up" id={item.id} label="Move up" name={linkName(item)} /> : null}
                {i < last ? <RowButton intent="link-down" id={item.id} label="Move down" name={linkName(item)} /> : null}
                <Link to={`?edit=${item.id}`} aria-label={`Change: ${linkName(item)}`}>
                  Change
                </Link>
                <RowButton intent="remove-link" id={item.id} label="Remove" name={linkName(item)} danger />
              </>
            ) : null}
            {refusal?.form === `row-${item.id}` ? <p role="alert">{refusal.error}</p> : null}
            {owner && editing === item.id ? (
              <LinkForm
                id={`change-link-${item.id}`}
                heading={`Change the link “${linkName(item)}”`}
                submitLabel="Save the link"
                intent="change-link"
                action={`${PAGE}?edit=${item.id}`}
                lastResult={resultOf(`change-link-${item.id}`)}
                choices={navigation.choices}
                item={item}
              />
            ) : null}
          </li>
        ))}
      </ol>
      {owner ? (
        <>
          <ColumnForm
            id={`change-heading-${group.id}`}
            heading={`Heading of the ${group.menu === 'header' ? 'header menu' : 'column'}`}
            submitLabel="Save the heading"
            lastResult={resultOf(`change-heading-${group.id}`)}
            group={group}
          />
          {group.menu === 'footer' ? (
            <div className="admin-inline-form">
              {column > 0 ? <RowButton intent="column-up" id={group.id} label="Move column left" name={group.heading_en} /> : null}
              {column < columns.length - 1 ? (
                <RowButton intent="column-down" id={group.id} label="Move column right" name={group.heading_en} />
              ) : null}
              <RowButton intent="remove-column" id={group.id} label="Remove column and its links" name={group.heading_en} danger />
            </div>
          ) : null}
          {refusal?.form === `row-${group.id}` ? <p role="alert">{refusal.error}</p> : null}
        </>
      ) : null}
    </section>
  );
}

export default function AdminNavigationPage() {
  const { navigation, owner, notice, editing } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const resultOf = (form: string) => (refusal?.form === form ? refusal.result : undefined);
  return (
    <section aria-labelledby="navigation-heading">
      <h1 id="navigation-heading">Navigation</h1>
      <AdminNotice notice={notice} />
      <p>
        The header’s Products menu and the footer’s columns, in the order shoppers see them, in English and Italian. The catalogue’s entry
        lists the products featured on the products page (or the newest) and the categories, so a new product appears there by itself.
      </p>
      {owner ? null : <p>Only an owner can change the navigation.</p>}
      {refusal?.form === 'page' ? <p role="alert">{refusal.error}</p> : null}
      {navigation.groups.map((group) => (
        <Group key={group.id} group={group} navigation={navigation} owner={owner} editing={editing} refusal={refusal} />
      ))}
      {owner ? (
        <section aria-labelledby="navigation-add-heading">
          <h2 id="navigation-add-heading">Add</h2>
          <LinkForm
            id="add-link"
            heading="Add a link"
            submitLabel="Add the link"
            intent="add-link"
            lastResult={resultOf('add-link')}
            choices={navigation.choices}
            groups={navigation.groups}
          />
          <ColumnForm id="add-column" heading="Add a footer column" submitLabel="Add the column" lastResult={resultOf('add-column')} />
        </section>
      ) : null}
    </section>
  );
}
