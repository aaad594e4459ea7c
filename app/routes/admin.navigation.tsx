import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';

import type { AdminNavigation, AdminNavigationGroup } from '@contract/api/navigation';

import { AdminNotice } from '~/components/admin/admin-notice';
import { ColumnForm, groupName, LinkForm, linkName, RowButton } from '~/components/admin/navigation-forms';
import { changeLinkFormSchema, columnFormSchema, newLinkFormSchema } from '~/forms/admin-navigation';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { adminI18n, adminTranslator } from '~/lib/admin/i18n.server';
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
import { failureStatus, hasErrorCode } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { DEFAULT_LOCALE, type MessageKey, metaTranslator, type Translate, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, type SignedInStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminPeople.navigation.title')) },
  { name: 'robots', content: 'noindex' },
];

const PAGE = '/admin/navigation';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const [navigation, { notice, headers }, i18n] = await Promise.all([
    getNavigation(staff),
    takeNotice(context),
    adminI18n(context, 'admin-people'),
  ]);
  const owner = staff.role === 'owner';
  const editing = owner ? new URL(request.url).searchParams.get('edit') : null;
  return json({ navigation, owner, notice, editing, i18n }, { headers: { ...ADMIN_HEADERS, ...headers } });
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
const BUTTON_NOTICES: Record<string, MessageKey> = {
  'remove-link': 'adminPeople.navigation.linkRemoved',
  'remove-column': 'adminPeople.navigation.columnRemoved',
};

/**
 * Why a form was refused, in the member's language: a link someone changed meanwhile is named as such in
 * Italian too (by the refusal's code; English shows the API's own sentence).
 */
function refusalText(error: unknown, staff: SignedInStaff, t: Translate): string {
  if (staff.locale !== DEFAULT_LOCALE && hasErrorCode(error, 'conflict')) return t('adminPeople.navigation.linkChangedMeanwhile');
  return adminErrorText(error, staff.locale);
}

/** A form of fields: checked with its schema, then sent; its refusal stays with it. */
async function submitForm(
  staff: SignedInStaff,
  t: Translate,
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
      return t('adminPeople.navigation.linkAdded');
    }
    if (intent === 'change-link' && 'version' in value) {
      await changeLink(staff, id, value);
      return t('adminPeople.navigation.linkSaved');
    }
    if ('heading_en' in value) {
      await (intent === 'add-column' ? addColumn(staff, value) : changeHeading(staff, id, value));
      return t(intent === 'add-column' ? 'adminPeople.navigation.columnAdded' : 'adminPeople.navigation.headingSaved');
    }
    return {
      refusal: { form, result: submission.reply({ formErrors: [t('adminPeople.navigation.unknownChange')] }), error: null },
      status: 400,
    };
  } catch (error) {
    return {
      refusal: { form, result: submission.reply({ formErrors: [refusalText(error, staff, t)] }), error: null },
      status: failureStatus(error),
    };
  }
}

/** Every change to the navigation, by intent (an owner's; the API refuses staff). Each is in the audit log. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const t = await adminTranslator(context, 'admin-people');
  const formData = await readFormData(request);
  const intent = String(formData.get('intent') ?? '');
  const id = String(formData.get('id') ?? '');
  const button = BUTTONS[intent];
  // A column goes with its links: only once its box is ticked.
  if (intent === 'remove-column' && formData.get('confirm') !== 'on')
    return json<Refusal>(
      { form: `row-${id}`, result: null, error: t('adminPeople.navigation.removeColumnUnconfirmed') },
      { status: 400, headers: ADMIN_HEADERS },
    );
  if (button) {
    try {
      await button(staff, id);
      return redirectWithNotice(context, PAGE, t(BUTTON_NOTICES[intent] ?? 'adminPeople.navigation.orderSaved'));
    } catch (error) {
      return json<Refusal>(
        { form: `row-${id}`, result: null, error: adminErrorText(error, staff.locale) },
        { status: failureStatus(error), headers: ADMIN_HEADERS },
      );
    }
  }
  if (!['add-link', 'change-link', 'add-column', 'change-heading'].includes(intent))
    return json<Refusal>(
      { form: 'page', result: null, error: t('adminPeople.navigation.unknownChange') },
      { status: 400, headers: ADMIN_HEADERS },
    );
  const done = await submitForm(staff, t, intent, id, formData);
  if (typeof done === 'string') return redirectWithNotice(context, PAGE, done);
  return json<Refusal>(done.refusal, { status: done.status, headers: ADMIN_HEADERS });
}

/** A footer column's moves, and its removal with its links once its box is ticked. */
function ColumnButtons({ group, first, last }: { group: AdminNavigationGroup; first: boolean; last: boolean }) {
  const { t } = useI18n();
  return (
    <div className="admin-inline-form">
      {first ? null : <RowButton intent="column-up" id={group.id} label={t('adminPeople.navigation.columnLeft')} name={group.heading_en} />}
      {last ? null : (
        <RowButton intent="column-down" id={group.id} label={t('adminPeople.navigation.columnRight')} name={group.heading_en} />
      )}
      <RowButton
        intent="remove-column"
        id={group.id}
        label={t('adminPeople.navigation.removeColumn')}
        name={group.heading_en}
        danger
        confirm={t('adminPeople.navigation.removeColumnConfirm', { name: group.heading_en })}
      />
    </div>
  );
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
  const { t } = useI18n();
  const last = group.items.length - 1;
  const columns = navigation.groups.filter((other) => other.menu === 'footer');
  const column = columns.findIndex((other) => other.id === group.id);
  const resultOf = (form: string) => (refusal?.form === form ? refusal.result : undefined);
  return (
    <section aria-labelledby={`group-${group.key}`}>
      <h2 id={`group-${group.key}`}>{groupName(group, t)}</h2>
      <p>
        {group.heading_it
          ? t('adminPeople.navigation.headingInItalian', { heading: group.heading_it })
          : t('adminPeople.navigation.headingInItalianMissing', { heading: group.heading_en })}
      </p>
      {group.items.length ? null : <p>{t('adminPeople.navigation.noLinks')}</p>}
      <ol className="admin-nav-links">
        {group.items.map((item, i) => (
          <li key={item.id}>
            <span>
              <strong>{linkName(item, t)}</strong>
              {item.label_en ? <span className="admin-muted"> · {item.points_to}</span> : null}
              {item.label_it ? (
                <span className="admin-muted"> · {t('adminPeople.navigation.labelInItalian', { label: item.label_it })}</span>
              ) : null}
              {item.shown ? null : <em> · {t('adminPeople.navigation.notShown')}</em>}
            </span>
            {owner ? (
              <>
                {i > 0 ? (
                  <RowButton intent="link-up" id={item.id} label={t('adminPeople.navigation.moveUp')} name={linkName(item, t)} />
                ) : null}
                {i < last ? (
                  <RowButton intent="link-down" id={item.id} label={t('adminPeople.navigation.moveDown')} name={linkName(item, t)} />
                ) : null}
                <Link to={`?edit=${item.id}`} aria-label={t('adminPeople.navigation.changeNamed', { name: linkName(item, t) })}>
                  {t('adminPeople.navigation.change')}
                </Link>
                <RowButton intent="remove-link" id={item.id} label={t('adminPeople.navigation.remove')} name={linkName(item, t)} danger />
              </>
            ) : null}
            {refusal?.form === `row-${item.id}` ? <p role="alert">{refusal.error}</p> : null}
            {owner && editing === item.id ? (
              <LinkForm
                id={`change-link-${item.id}`}
                heading={t('adminPeople.navigation.changeLinkHeading', { name: linkName(item, t) })}
                submitLabel={t('adminPeople.navigation.saveLink')}
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
            heading={t(group.menu === 'header' ? 'adminPeople.navigation.headerHeading' : 'adminPeople.navigation.columnHeading')}
            submitLabel={t('adminPeople.navigation.saveHeading')}
            lastResult={resultOf(`change-heading-${group.id}`)}
            group={group}
          />
          {group.menu === 'footer' ? <ColumnButtons group={group} first={column === 0} last={column === columns.length - 1} /> : null}
          {refusal?.form === `row-${group.id}` ? <p role="alert">{refusal.error}</p> : null}
        </>
      ) : null}
    </section>
  );
}

export default function AdminNavigationPage() {
  const { navigation, owner, notice, editing } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const { t } = useI18n();
  const resultOf = (form: string) => (refusal?.form === form ? refusal.result : undefined);
  return (
    <section aria-labelledby="navigation-heading">
      <h1 id="navigation-heading">{t('adminPeople.navigation.title')}</h1>
      <AdminNotice notice={notice} />
      <p>{t('adminPeople.navigation.intro')}</p>
      {owner ? null : <p>{t('adminPeople.navigation.ownerOnly')}</p>}
      {refusal?.form === 'page' ? <p role="alert">{refusal.error}</p> : null}
      {navigation.groups.map((group) => (
        <Group key={group.id} group={group} navigation={navigation} owner={owner} editing={editing} refusal={refusal} />
      ))}
      {owner ? (
        <section aria-labelledby="navigation-add-heading">
          <h2 id="navigation-add-heading">{t('adminPeople.navigation.add')}</h2>
          <LinkForm
            id="add-link"
            heading={t('adminPeople.navigation.addLink')}
            submitLabel={t('adminPeople.navigation.addLinkSubmit')}
            intent="add-link"
            lastResult={resultOf('add-link')}
            choices={navigation.choices}
            groups={navigation.groups}
          />
          <ColumnForm
            id="add-column"
            heading={t('adminPeople.navigation.addColumn')}
            submitLabel={t('adminPeople.navigation.addColumnSubmit')}
            lastResult={resultOf('add-column')}
          />
        </section>
      ) : null}
    </section>
  );
}
