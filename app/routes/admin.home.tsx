import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';

import { featuredFormSchema, HERO_SLOTS, heroFormSchema, type HeroImage, type HeroSlot } from '@contract/api/home';
import { shopWallTimeToDate } from '@contract/shop-time';

import { AdminNotice } from '~/components/admin/admin-notice';
import { FeaturedForm } from '~/components/admin/featured-form';
import { HeroForm, heroSummary } from '~/components/admin/hero-form';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { getHome, removeHero, saveFeatured, saveHero, uploadHeroImage } from '~/lib/admin/home.server';
import { failureStatus } from '~/lib/api.server';
import { getEnv } from '~/lib/env.server';
import { readFormData } from '~/lib/form-data.server';
import { storageObjectUrl } from '~/lib/images';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, type SignedInStaff } from '~/lib/staff-session.server';
import { takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Home page') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const [home, { notice, headers }] = await Promise.all([getHome(staff), takeNotice(context)]);
  const storageBase = getEnv().STORAGE_URL;
  const imageOf = (slot: HeroSlot) => {
    const image = home[slot]?.image;
    return image ? `${storageObjectUrl(storageBase, image.bucket_name, image.path)}?width=320` : null;
  };
  return json(
    { home, owner: staff.role === 'owner', notice, images: { current: imageOf('current'), scheduled: imageOf('scheduled') } },
    { headers: { ...ADMIN_HEADERS, ...headers } },
  );
}

const NOTICES: Record<HeroSlot, { saved: string; removed: string }> = {
  current: {
    saved: 'The hero is saved: shoppers see it on the home page now.',
    removed: 'The hero is removed: the home page leads with the newest product again.',
  },
  scheduled: {
    saved: 'The next hero is scheduled: it replaces the hero shown now at its start time.',
    removed: 'The next hero is cancelled.',
  },
};

/** The image the form asks for: a new upload, none, or (undefined) the one the hero has. */
async function imageFrom(staff: SignedInStaff, formData: FormData): Promise<HeroImage | null | undefined> {
  const file = formData.get('file');
  if (file instanceof File && file.size > 0) return uploadHeroImage(staff, file);
  return formData.get('remove_image') === 'on' ? null : undefined;
}

/** The products shown first, in the order of the places chosen. */
async function featuredAction(context: ActionFunctionArgs['context'], staff: SignedInStaff, formData: FormData) {
  const submission = parseWithZod(formData, { schema: featuredFormSchema });
  if (submission.status !== 'success')
    return json({ slot: 'featured' as const, result: submission.reply() }, { status: 400, headers: ADMIN_HEADERS });
  try {
    await saveFeatured(staff, submission.value.place);
    return redirectWithNotice(context, '/admin/home', 'The order is saved: the home page shows these products first now.');
  } catch (error) {
    return json(
      { slot: 'featured' as const, result: submission.reply({ formErrors: [adminErrorText(error)] }) },
      { status: failureStatus(error), headers: ADMIN_HEADERS },
    );
  }
}

/** Save or remove one hero, or the products shown first (an owner; the API refuses staff). Each change is in the audit log. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const formData = await readFormData(request);
  if (formData.get('intent') === 'featured') return featuredAction(context, staff, formData);
  const slot = HERO_SLOTS.find((s) => s === formData.get('slot'));
  if (!slot) return json({ slot: null, result: undefined }, { status: 400, headers: ADMIN_HEADERS });
  const submission = parseWithZod(formData, { schema: heroFormSchema });
  const refuse = (error: unknown) =>
    json(
      { slot, result: submission.reply({ formErrors: [adminErrorText(error)] }) },
      { status: failureStatus(error), headers: ADMIN_HEADERS },
    );
  if (formData.get('intent') === 'remove') {
    try {
      await removeHero(staff, slot);
      return redirectWithNotice(context, '/admin/home', NOTICES[slot].removed);
    } catch (error) {
      return refuse(error);
    }
  }
  if (submission.status !== 'success') return json({ slot, result: submission.reply() }, { status: 400, headers: ADMIN_HEADERS });
  const { starts_at: wallTime, remove_image: _remove, ...hero } = submission.value;
  const startsAt = slot === 'scheduled' ? shopWallTimeToDate(wallTime ?? '') : null;
  if (slot === 'scheduled' && !startsAt)
    return json(
      { slot, result: submission.reply({ fieldErrors: { starts_at: ['Choose a start time'] } }) },
      { status: 400, headers: ADMIN_HEADERS },
    );
  try {
    const image = await imageFrom(staff, formData);
    await saveHero(staff, slot, {
      ...hero,
      ...(image !== undefined ? { image } : {}),
      ...(startsAt ? { starts_at: startsAt.toISOString() } : {}),
    });
    return redirectWithNotice(context, '/admin/home', NOTICES[slot].saved);
  } catch (error) {
    return refuse(error);
  }
}

export default function AdminHome() {
  const { home, owner, notice, images } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="home-heading">
      <h1 id="home-heading">Home page</h1>
      <AdminNotice notice={notice} />
      <p>
        The hero above the home page&apos;s products: an image, a headline, a line of text and a button to a product, a drop or a category,
        in English and Italian. Set the next one with a start time (for a drop&apos;s launch): it takes over at that time.
      </p>
      {owner ? (
        <>
          {HERO_SLOTS.map((slot) => (
            <HeroForm
              key={slot}
              slot={slot}
              home={home}
              imageSrc={images[slot]}
              lastResult={actionData?.slot === slot ? (actionData.result as never) : undefined}
            />
          ))}
          <FeaturedForm home={home} lastResult={actionData?.slot === 'featured' ? (actionData.result as never) : undefined} />
        </>
      ) : (
        <>
          <p>Only an owner changes the home page.</p>
          <h2>The hero shown now</h2>
          <p>{heroSummary(home.current, 'current')}</p>
          <h2>The next hero</h2>
          <p>{heroSummary(home.scheduled, 'scheduled')}</p>
          <h2>Shown first</h2>
          <p>
            {home.featured.length
              ? home.featured.map((id) => home.products.find((product) => product.id === id)?.name ?? id).join(', ')
              : 'The newest products.'}
          </p>
        </>
      )}
    </section>
  );
}
