import { z } from 'zod';

import { CART_RULES } from '../shop-rules';

/** A variant attribute as a cart line shows it. */
const attributeSchema = z.object({
  attribute_name: z.string(),
  value: z.string(),
  value_description: z.string().nullish(),
  order: z.number().nullish(),
});

const cartItemSchema = z.object({
  id: z.string(),
  quantity: z.number().int(),
  price_at_addition: z.number().int(),
  subtotal: z.number().int(),
  product: z.object({
    id: z.string().nullish(),
    name: z.string(),
    sku: z.string().nullish(),
    short_description: z.string().nullish(),
    image: z.string().nullish(),
  }),
  variant_info: z
    .object({
      variant_id: z.string().nullish(),
      sku: z.string().nullish(),
      description: z.string().nullish(),
      stock_quantity: z.number().int().nullish(),
      in_stock: z.boolean().nullish(),
      attributes: z.array(attributeSchema).default([]),
    })
    .nullish(),
});

/** The Cart of docs/product.md#data-cart: the answer of every `cart/` route. */
export const cartSchema = z.object({
  cart_id: z.string().nullish(),
  user_id: z.string().nullish(),
  total_price: z.number().int(),
  total_items: z.number().int(),
  items: z.array(cartItemSchema),
  /** A signed-in shopper's store credit, in cents, with `GET cart/`: the cart page offers it without a second call. */
  store_credit: z.number().int().nonnegative().optional(),
});
export type Cart = z.infer<typeof cartSchema>;

/** `GET cart/count`: the units in the cart, as `total_items` counts them, in one query (the header's badge). */
export const cartCountSchema = z.object({ total_items: z.number().int() });
export type CartItem = Cart['items'][number];
/** What the API builds before the answer is checked. */
export type CartAnswer = z.input<typeof cartSchema>;

/** Shown to shoppers as it is (docs/product.md#cart), so in words. */
const TOO_MANY = `At most ${CART_RULES.maxLineQuantity} of an item per order`;

/** `POST cart/add`. The price sent is never trusted: it comes from the catalogue. */
export const cartAddRequestSchema = z.object({
  product_id: z.string().uuid().optional(),
  variant_id: z.string().uuid(),
  quantity: z.number().int().min(1).max(CART_RULES.maxLineQuantity, TOO_MANY).default(CART_RULES.quantityPerAdd),
  price_at_addition: z.unknown().optional(),
});

/** `PUT cart/item/{itemId}`: 0 removes the line. */
export const cartQuantityRequestSchema = z.object({ quantity: z.number().int().min(0).max(CART_RULES.maxLineQuantity, TOO_MANY) });
export const cartItemParamSchema = z.object({ itemId: z.string().uuid() });
