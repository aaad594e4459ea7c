import type { SerializeFrom } from '@remix-run/node';
import { useFetcher } from '@remix-run/react';

import type { CartItem } from '@contract/api/cart';
import { formatEuro } from '@contract/money';
import { optionLine } from '@contract/options';

import { useI18n } from '~/lib/i18n';

import { FallbackImage } from '../fallback-image';
import { useLocalizedPath } from '../shop-link';

/** One cart item with its quantity buttons and Remove; each line posts through its own fetcher. */
export function CartLine({ item }: { item: SerializeFrom<CartItem> }) {
  const fetcher = useFetcher({ key: `cart-item-${item.id}` });
  const { locale, t } = useI18n();
  const localize = useLocalizedPath();
  const busy = fetcher.state !== 'idle';
  const intent = fetcher.formData?.get('intent');
  // While a change is on its way, show the quantity it asks for.
  const quantity = intent === 'increment' ? item.quantity + 1 : intent === 'decrement' ? Math.max(1, item.quantity - 1) : item.quantity;
  const attributes = [...(item.variant_info?.attributes ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const sku = item.variant_info?.sku ?? item.product.sku;
  return (
    <li className={`cart-line${busy ? ' cart-line--busy' : ''}`} aria-busy={busy} data-testid="cart-line">
      <FallbackImage
        className="cart-line__image"
        placeholderClassName="cart-line__image"
        src={item.product.image ?? undefined}
        alt={item.product.name}
        width={96}
        height={120}
        loading="lazy"
      />
      <div className="cart-line__info">
        <h2 className="cart-line__name">{item.product.name}</h2>
        {attributes.length ? (
          <ul className="cart-line__attributes">
            {attributes.map((a) => (
              <li key={a.attribute_name}>{optionLine(a, locale)}</li>
            ))}
          </ul>
        ) : item.variant_info?.description ? (
          <p className="cart-line__attributes">{item.variant_info.description}</p>
        ) : null}
        {sku ? <p className="cart-line__sku">{t('cart.sku', { sku })}</p> : null}
        <p className="cart-line__price">{formatEuro(item.price_at_addition, locale)}</p>
      </div>
      <fetcher.Form method="post" action={localize('/cart')} className="cart-line__controls">
        <input type="hidden" name="itemId" value={item.id} />
        <input type="hidden" name="quantity" value={item.quantity} />
        <div className="cart-line__quantity">
          <button
            type="submit"
            name="intent"
            value="decrement"
            className="quantity-button"
            aria-label={t('cart.decrease', { name: item.product.name })}
            disabled={busy || item.quantity <= 1}
          >
            −
          </button>
          <output aria-label={t('cart.quantity', { name: item.product.name })} data-testid="cart-line-quantity">
            {quantity}
          </output>
          <button
            type="submit"
            name="intent"
            value="increment"
            className="quantity-button"
            aria-label={t('cart.increase', { name: item.product.name })}
            disabled={busy}
          >
            +
          </button>
        </div>
        <p className="cart-line__subtotal">{formatEuro(item.subtotal, locale)}</p>
        <button
          type="submit"
          name="intent"
          value="remove"
          className="button button--ghost button--small"
          disabled={busy}
          aria-label={t('cart.removeItem', { name: item.product.name })}
        >
          {t('cart.remove')}
        </button>
      </fetcher.Form>
    </li>
  );
}
