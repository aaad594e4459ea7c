import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';

import { contactPageFormSchema, pageFormSchema } from '@contract/api/pages';

import { AdminNotice } from '~/components/admin/admin-notice';
import { typedContactFields } from '~/components/admin/contact-fields';
import { DeletePage, PageEditor, PageHistory, PagePreview, pageState } from '~/components/admin/page-editor';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { adminI18n, adminTranslator } from '~/lib/admin/i18n.server';
import { deletePage, getPage, publishPage, restorePage, savePage } from '~/lib/admin/pages.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { metaTranslator, type Translate, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, type SignedInStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ data, location, matches }) => {
  const { t } = metaTranslator(location, matches, data);
  return [
    { title: pageTitle(data ? t('adminPeople.page.titleOf', { title: data.page.title }) : t('adminPeople.page.title')) },
    { name: 'robots', content: 'noindex' },
  ];
};

const id = z.string().uuid();
const versionField = z.object({ version: z.coerce.number().int().min(1) });

function pageId(params: LoaderFunctionArgs['params']): string {
  const parsed = id.safeParse(params.id);
  if (!parsed.success) throw new Response('Not found', { status: 404 });
  return parsed.data;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const [page, { notice, headers }, i18n] = await Promise.all([
    getPage(staff, pageId(params)),
    takeNotice(context),
    adminI18n(context, 'admin-people'),
  ]);
  return json({ page, owner: staff.role === 'owner', notice, i18n }, { headers: { ...ADMIN_HEADERS, ...headers } });
}

/** Save, publish, restore or unpublish: each a plain form post answered with the page again (303). */
async function change(staff: SignedInStaff, page: string, intent: string, formData: FormData, t: Translate) {
  if (intent === 'restore') {
    const { version } = versionField.parse(Object.fromEntries(formData));
    const saved = await restorePage(staff, page, version);
    return t('adminPeople.page.restored', { from: version, version: saved.latest_version });
  }
  if (intent === 'unpublish') {
    await publishPage(staff, page, null);
    return t('adminPeople.page.unpublished');
  }
  return null;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const page = pageId(params);
  const formData = await readFormData(request);
  const intent = String(formData.get('intent') ?? 'save');
  const here = `/admin/pages/${page}`;
  const t = await adminTranslator(context, 'admin-people');
  if (intent === 'preview') {
    // The preview renders what is typed, checked or not, and saves nothing.
    const raw = (name: string) => String(formData.get(name) ?? '');
    const preview = {
      slug: raw('slug'),
      title_en: raw('title_en'),
      title_it: raw('title_it'),
      description_en: raw('description_en'),
      description_it: raw('description_it'),
      body_en: raw('body_en'),
      body_it: raw('body_it'),
      fields: formData.has('address_en') ? typedContactFields(formData) : null,
    };
    return json({ preview, result: undefined, error: null }, { headers: ADMIN_HEADERS });
  }
  if (intent === 'delete') {
    if (formData.get('confirm') !== 'on')
      return json(
        { preview: null, result: undefined, error: t('adminPeople.page.deleteUnconfirmed') },
        { status: 400, headers: ADMIN_HEADERS },
      );
    try {
      const { title } = await getPage(staff, page);
      await deletePage(staff, page);
      return redirectWithNotice(context, '/admin/pages', t('adminPeople.page.deleted', { title }));
    } catch (error) {
      if (error instanceof Response) throw error;
      return json(
        { preview: null, result: undefined, error: adminErrorText(error, staff.locale) },
        { status: failureStatus(error), headers: ADMIN_HEADERS },
      );
    }
  }
  try {
    const done = await change(staff, page, intent, formData, t);
    if (done) return redirectWithNotice(context, here, done);
  } catch (error) {
    return json(
      { preview: null, result: undefined, error: adminErrorText(error, staff.locale) },
      { status: failureStatus(error), headers: ADMIN_HEADERS },
    );
  }
  // The contact page's form also carries its address and hours (ADR 073).
  const submission = parseWithZod(formData, { schema: formData.has('address_en') ? contactPageFormSchema : pageFormSchema });
  if (submission.status !== 'success')
    return json({ preview: null, result: submission.reply(), error: null }, { status: 400, headers: ADMIN_HEADERS });
  const publish = intent === 'publish';
  try {
    const { slug, ...rest } = submission.value;
    const { address_en, address_it, hours, ...texts } = rest as typeof rest & Partial<z.infer<typeof contactPageFormSchema>>;
    const fields = address_en !== undefined ? { fields: { address_en, address_it: address_it ?? '', hours: hours ?? [] } } : {};
    const saved = await savePage(staff, page, { ...texts, ...fields, ...(staff.role === 'owner' && slug ? { slug } : {}), publish });
    const notice = publish
      ? t('adminPeople.page.published', { version: saved.latest_version, path: saved.path })
      : t('adminPeople.page.saved', { version: saved.latest_version });
    return redirectWithNotice(context, here, notice);
  } catch (error) {
    return json(
      { preview: null, result: submission.reply({ formErrors: [adminErrorText(error, staff.locale)] }), error: null },
      { status: failureStatus(error), headers: ADMIN_HEADERS },
    );
  }
}

export default function AdminPage() {
  const { page, owner, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useI18n();
  return (
    <section aria-labelledby="page-heading">
      <p>
        <Link to="/admin/pages">{t('adminPeople.page.all')}</Link>
      </p>
      <h1 id="page-heading">{page.title}</h1>
      <AdminNotice notice={notice} />
      <p>
        {pageState(page, t)}. {page.published_version !== null ? <a href={page.path}>{t('adminPeople.page.seeInShop')}</a> : null}
      </p>
      {actionData?.error ? (
        <p className="notice notice--error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {/* Without JavaScript the page is drawn again after a preview: the form keeps what was typed. */}
      <PageEditor page={page} owner={owner} typed={actionData?.preview ?? undefined} lastResult={actionData?.result as never} />
      {actionData?.preview ? <PagePreview preview={actionData.preview} /> : null}
      <PageHistory page={page} owner={owner} />
      {owner && !page.builtin ? <DeletePage /> : null}
    </section>
  );
}
