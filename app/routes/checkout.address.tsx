import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';

import { countryName, SHIPPING_COUNTRY_CODES } from '@contract/address';

import { DeliveryAddressForm } from '~/components/checkout/delivery-address-form';
import { deliveryAddressFormSchema } from '~/forms/delivery-address';
import { requireUser } from '~/lib/auth.server';
import { cartApi } from '~/lib/cart.server';
import { checkoutCart } from '~/lib/checkout.server';
import { pendingDeliveryStep } from '~/lib/delivery-step.server';
import { readFormData } from '~/lib/form-data.server';
import { localizedPath, metaTranslator } from '~/lib/i18n';
import { i18nData } from '~/lib/i18n.server';
import type { NavigationHandle } from '~/lib/navigation';
import { pageTitle } from '~/lib/page-title';
import { productPath } from '~/lib/product-link';
import { quickPurchase } from '~/lib/quick-purchase.server';
import cartStyles from '~/styles/cart.css';

export const handle: NavigationHandle = { pageTitle: 'Delivery address' };

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: cartStyles }];

export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('title.deliveryAddress')) },
  { name: 'robots', content: 'noindex' },
];

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/**
 * A checkout that a gift card and store credit pay in full, for goods, by a shopper with no address on
 * file (ADR 062): no payment page will ask where it goes, so this page does, then places the order the
 * cart or the Quick Purchase started. Without a checkout waiting for it, it is the cart's.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const cart = await cartApi(context);
  const step = pendingDeliveryStep(cart.session);
  if (!step) return redirect(localizedPath('/cart', context.locale), { headers: await cart.commit() });
  const back =
    step.kind === 'cart'
      ? { to: localizedPath('/cart', context.locale), product: null }
      : { to: localizedPath(productPath(step.productName), step.locale ?? context.locale), product: step.productName };
  const countries = SHIPPING_COUNTRY_CODES.map((code) => ({ code, name: countryName(code, context.locale) }));
  return json({ back, countries, i18n: i18nData(context, 'cart', 'forms') }, { headers: { ...(await cart.commit()), ...NO_STORE } });
}

/** Checked here and in the browser alike; then the checkout goes on with the address, to the order's confirmation. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: deliveryAddressFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400, headers: NO_STORE });
  const cart = await cartApi(context);
  const step = pendingDeliveryStep(cart.session);
  if (!step) return redirect(localizedPath('/cart', context.locale), { status: 303, headers: await cart.commit() });
  if (step.kind === 'quick')
    return quickPurchase(context, step.productName, step.variantId, step.locale ?? context.locale, submission.value);
  return checkoutCart(context, user.email, submission.value);
}

export default function DeliveryAddressPage() {
  const { back, countries } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <DeliveryAddressForm back={back} countries={countries} lastResult={actionData?.result} />;
}
