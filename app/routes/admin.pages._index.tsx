import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';

import { newPageFormSchema } from '@contract/api/pages';
import { shopClock } from '@contract/shop-time';

import { AdminField, FormError, invalidProps } from '~/components/admin/admin-field';
import { AdminNotice } from '~/components/admin/admin-notice';
import { pageState } from '~/components/admin/page-editor';
import { TableScroll } from '~/components/admin/table-scroll';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { ADMIN_MESSAGES } from '~/lib/admin/messages';
import { createPage, listPages } from '~/lib/admin/pages.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Pages') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const [{ pages }, { notice, headers }] = await Promise.all([listPages(staff), takeNotice(context)]);
  return json({ pages, owner: staff.role === 'owner', notice }, { headers: { ...ADMIN_HEADERS, ...headers } });
}

/** An owner adds a page: its title and address; it is a draft until published. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return json({ result: null, forbidden: true as const }, { status: 403, headers: ADMIN_HEADERS });
  const submission = parseWithZod(await readFormData(request), { schema: newPageFormSchema });
  if (submission.status !== 'success')
    return json({ result: submission.reply(), forbidden: false as const }, { status: 400, headers: ADMIN_HEADERS });
  try {
    const page = await createPage(staff, { ...submission.value, body_en: '' });
    return redirectWithNotice(context, `/admin/pages/${page.id}`, ADMIN_MESSAGES.pageCreated(page.path));
  } catch (error) {
    return json(
      { result: submission.reply({ formErrors: [adminErrorText(error)] }), forbidden: false as const },
      { status: failureStatus(error), headers: ADMIN_HEADERS },
    );
  }
}

function NewPageForm() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: 'new-page',
    lastResult: actionData?.result ?? undefined,
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPageFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="admin-form" aria-labelledby="new-page-heading">
      <h2 id="new-page-heading">New page</h2>
      {actionData?.forbidden ? <p role="alert">{ADMIN_MESSAGES.pagesOwnerOnly}</p> : null}
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <AdminField field={fields.title_en} label="Title (English)">
        <input {...getInputProps(fields.title_en, { type: 'text' })} {...invalidProps(fields.title_en)} />
      </AdminField>
      <AdminField field={fields.slug} label="Address" hint="The page is at /pages/ followed by this, e.g. size-guide.">
        <input {...getInputProps(fields.slug, { type: 'text' })} {...invalidProps(fields.slug, { hint: true })} autoComplete="off" />
      </AdminField>
      <button type="submit" className="button">
        Add page
      </button>
    </Form>
  );
}

export default function AdminPages() {
  const { pages, owner, notice } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="pages-heading">
      <h1 id="pages-heading">Pages</h1>
      <AdminNotice notice={notice} />
      <p>
        The about and contact pages, the policies and your own pages, written in Markdown in English and Italian (the contact page&apos;s
        address and hours in a form of their own). Shoppers see a page once it is published.
      </p>
      <TableScroll label="Pages">
        <table>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Address</th>
              <th scope="col">State</th>
              <th scope="col">Last change</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((page) => (
              <tr key={page.id}>
                <td>
                  <Link to={`/admin/pages/${page.id}`}>{page.title}</Link>
                </td>
                <td>{page.path}</td>
                <td>{pageState(page)}</td>
                <td>
                  <time dateTime={page.updated_at}>{shopClock(page.updated_at)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {owner ? <NewPageForm /> : null}
    </section>
  );
}
