import { adminHomeSchema, heroImageSchema, type HeroSlot, type SaveHeroRequest } from '@contract/api/home';

import type { SignedInStaff } from '~/lib/staff-session.server';

/** The home page's hero (ADR 073), over the signed-in member's API client: one function per API call. */
type Staff = Pick<SignedInStaff, 'api'>;

export function getHome(staff: Staff) {
  return staff.api.request('GET', 'admin/home', adminHomeSchema);
}

export function saveHero(staff: Staff, slot: HeroSlot, hero: SaveHeroRequest) {
  return staff.api.request('PUT', `admin/home/hero/${slot}`, adminHomeSchema, { body: hero });
}

export function removeHero(staff: Staff, slot: HeroSlot) {
  return staff.api.request('DELETE', `admin/home/hero/${slot}`, adminHomeSchema);
}

/** Uploads a hero's image (multipart, as product images are); it shows once a hero is saved with it. */
export function uploadHeroImage(staff: Staff, file: File) {
  const form = new FormData();
  form.set('file', file, file.name);
  return staff.api.request('POST', 'admin/home/images', heroImageSchema, { form });
}

/** The products the home page shows first, in order; [] for the newest first. */
export function saveFeatured(staff: Staff, productIds: string[]) {
  return staff.api.request('PUT', 'admin/home/featured', adminHomeSchema, { body: { product_ids: productIds } });
}
