import {
  adminNavigationSchema,
  type ChangeNavigationItemRequest,
  type MoveRequest,
  type NavigationGroupRequest,
  type NavigationItemRequest,
} from '@contract/api/navigation';

import { catalogueCache } from '~/lib/cache.server';
import { pageCache } from '~/lib/page-cache.server';
import type { SignedInStaff } from '~/lib/staff-session.server';

/**
 * The shop's navigation (ADR 071), over the signed-in member's API client: one function per API call.
 * After a change this storefront drops its kept navigation and pages at once, so the next page shows
 * it; the API's hook tells the other instances.
 */
type Staff = Pick<SignedInStaff, 'api'>;

const groupPath = (id: string) => `admin/navigation/groups/${encodeURIComponent(id)}`;
const itemPath = (id: string) => `admin/navigation/items/${encodeURIComponent(id)}`;

export function getNavigation(staff: Staff) {
  return staff.api.request('GET', 'admin/navigation', adminNavigationSchema);
}

async function changed<T>(call: Promise<T>): Promise<T> {
  const answer = await call;
  catalogueCache.invalidate();
  pageCache.clear();
  return answer;
}

export function addLink(staff: Staff, groupId: string, link: NavigationItemRequest) {
  return changed(staff.api.request('POST', `${groupPath(groupId)}/items`, adminNavigationSchema, { body: link }));
}

export function changeLink(staff: Staff, id: string, link: ChangeNavigationItemRequest) {
  return changed(staff.api.request('PUT', itemPath(id), adminNavigationSchema, { body: link }));
}

export function moveLink(staff: Staff, id: string, move: MoveRequest) {
  return changed(staff.api.request('POST', `${itemPath(id)}/move`, adminNavigationSchema, { body: move }));
}

export function removeLink(staff: Staff, id: string) {
  return changed(staff.api.request('DELETE', itemPath(id), adminNavigationSchema));
}

export function addColumn(staff: Staff, column: NavigationGroupRequest) {
  return changed(staff.api.request('POST', 'admin/navigation/groups', adminNavigationSchema, { body: column }));
}

export function changeHeading(staff: Staff, id: string, heading: NavigationGroupRequest) {
  return changed(staff.api.request('PUT', groupPath(id), adminNavigationSchema, { body: heading }));
}

export function moveColumn(staff: Staff, id: string, move: MoveRequest) {
  return changed(staff.api.request('POST', `${groupPath(id)}/move`, adminNavigationSchema, { body: move }));
}

export function removeColumn(staff: Staff, id: string) {
  return changed(staff.api.request('DELETE', groupPath(id), adminNavigationSchema));
}
