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
import { adminI18n, adminTranslator } from '~/lib/admin/i18n.server';
import { failureStatus } from '~/lib/api.server';
import { getEnv } from '~/lib/env.server';
import { readFormData } from '~/lib/form-data.server';
import { type MessageKey, metaTranslator, useI18n } from '~/lib/i18n';
import { storageObjectUrl } from '~/lib/images';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, type SignedInStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminPeople.home.title')) },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const [home, { notice, headers }, i18n] = await Promise.all([getHome(staff), takeNotice(context), adminI18n(context, 'admin-people')]);
  const storageBase = getEnv().STORAGE_URL;
  const imageOf = (slot: HeroSlot) => {
    const image = home[slot]?.image;
    return image ? `${storageObjectUrl(storageBase, image.bucket_name, image.path)}?width=320` : null;
  };
  return json(
    { home, owner: staff.role === 'owner', notice, images: { current: imageOf('current'), scheduled: imageOf('scheduled') }, i18n },
    { headers: { ...ADMIN_HEADERS, ...headers } },
  );
}

const NOTICES: Record<HeroSlot, { saved: MessageKey; removed: MessageKey }> = {
  current: { saved: 'adminPeople.home.current.saved', removed: 'adminPeople.home.current.removed' },
  scheduled: { saved: 'adminPeople.home.scheduled.saved', removed: 'adminPeople.home.scheduled.removed' },
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
    const t = await adminTranslator(context, 'admin-people');
    return redirectWithNotice(context, '/admin/home', t('adminPeople.home.featured.saved'));
  } catch (error) {
    return json(
      { slot: 'featured' as const, result: submission.reply({ formErrors: [adminErrorText(error, staff.locale)] }) },
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
  const t = await adminTranslator(context, 'admin-people');
  const refuse = (error: unknown) =>
    json(
      { slot, result: submission.reply({ formErrors: [adminErrorText(error, staff.locale)] }) },
      { status: failureStatus(error), headers: ADMIN_HEADERS },
    );
  if (formData.get('intent') === 'remove') {
    try {
      await removeHero(staff, slot);
      return redirectWithNotice(context, '/admin/home', t(NOTICES[slot].removed));
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
    return redirectWithNotice(context, '/admin/home', t(NOTICES[slot].saved));
  } catch (error) {
    return refuse(error);
  }
}

export default function AdminHome() {
  const { home, owner, notice, images } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, locale } = useI18n();
  return (
    <section aria-labelledby="home-heading">
      <h1 id="home-heading">{t('adminPeople.home.title')}</h1>
      <AdminNotice notice={notice} />
      <p>{t('adminPeople.home.intro')}</p>
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
          <p>{t('adminPeople.home.ownerOnly')}</p>
          <h2>{t('adminPeople.home.current.heading')}</h2>
          <p>{heroSummary(home.current, 'current', t, locale)}</p>
          <h2>{t('adminPeople.home.scheduled.heading')}</h2>
          <p>{heroSummary(home.scheduled, 'scheduled', t, locale)}</p>
          <h2>{t('adminPeople.home.featured.heading')}</h2>
          <p>
            {home.featured.length
              ? home.featured.map((id) => home.products.find((product) => product.id === id)?.name ?? id).join(', ')
              : t('adminPeople.home.newest')}
          </p>
        </>
      )}
    </section>
  );
}
