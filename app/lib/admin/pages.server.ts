import { json } from '@remix-run/node';
import type { z } from 'zod';

import { adminPageListSchema, adminPageSchema, type createPageRequestSchema, type SavePageRequest } from '@contract/api/pages';

import { ADMIN_HEADERS } from '~/lib/admin.server';
import { ApiRequestError } from '~/lib/api.server';
import { serverTranslator } from '~/lib/i18n.server';
import type { SignedInStaff } from '~/lib/staff-session.server';

/** Content pages (ADR 068), over the signed-in member's API client: one function per API call. */
type Staff = Pick<SignedInStaff, 'api'>;

const pagePath = (id: string) => `admin/pages/${encodeURIComponent(id)}`;

export function listPages(staff: Staff) {
  return staff.api.request('GET', 'admin/pages', adminPageListSchema);
}

/** One page with its history, or the back office's 404 page (in the member's language). */
export async function getPage(staff: Pick<SignedInStaff, 'api' | 'locale'>, id: string) {
  try {
    return await staff.api.request('GET', pagePath(id), adminPageSchema);
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.code === 'invalid_request')) {
      const detail = serverTranslator(staff.locale, 'admin-people')('adminPeople.page.notFound');
      throw json({ detail }, { status: 404, headers: ADMIN_HEADERS });
    }
    throw error;
  }
}

export function createPage(staff: Staff, page: z.input<typeof createPageRequestSchema>) {
  return staff.api.request('POST', 'admin/pages', adminPageSchema, { body: page });
}

export function savePage(staff: Staff, id: string, page: SavePageRequest) {
  return staff.api.request('PUT', pagePath(id), adminPageSchema, { body: page });
}

export function restorePage(staff: Staff, id: string, version: number) {
  return staff.api.request('POST', `${pagePath(id)}/restore`, adminPageSchema, { body: { version } });
}

export function publishPage(staff: Staff, id: string, version: number | null) {
  return staff.api.request('POST', `${pagePath(id)}/publish`, adminPageSchema, { body: { version } });
}

/** Deletes an owner's page (never a policy): its versions and old addresses go with it. */
export async function deletePage(staff: Staff, id: string) {
  await staff.api.raw('DELETE', pagePath(id));
}
