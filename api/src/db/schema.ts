import type { ColumnType, Generated, GeneratedAlways, JSONColumnType } from 'kysely';
import type { z } from 'zod';

import type { apiCardSchema } from '@contract/api/cards';
import type { FunnelStep } from '@contract/api/insights';
import type { NavigationLinkKind } from '@contract/api/navigation';
import type { ContactFields } from '@contract/api/page-fields';
import type { DiscountKind } from '@contract/discounts';
import type { ShopLocale } from '@contract/locale';

/** Kysely's view of the tables created by ./migrations. */
export interface Database {
  categories: { id: Generated<string>; name: string; /** Migration 039; '' until written. */ name_it: Generated<string> };
  products: {
    id: Generated<string>;
    name: string;
    short_description: Generated<string>;
    long_description: Generated<string>;
    /** The Italian descriptions (migration 039); '' until written, when Italian pages show the English. */
    short_description_it: Generated<string>;
    long_description_it: Generated<string>;
    price: number;
    launch_date: ColumnType<Date, Date | string, Date | string>;
    created_at: ColumnType<Date, never, never>;
    /** Units one customer may buy (migration 017); null: no cap. */
    purchase_limit: Generated<number | null>;
    archived_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    /** A gift-card product (migration 037): its variants are the amounts; sold from /gift-cards, never shipped. */
    gift_card: Generated<boolean>;
  };
  product_categories: { product_id: string; category_id: string; position: Generated<number> };
  size_charts: {
    id: Generated<string>;
    product_id: string;
    chart: JSONColumnType<SizeChartRecord>;
    /** The chart's labels in Italian (migration 039); {} until written. */
    labels_it: JSONColumnType<SizeChartLabels, string | undefined, string>;
  };
  product_variants: {
    id: Generated<string>;
    product_id: string;
    sku: string;
    description: Generated<string>;
    price: number;
    /** Units that can be sold now; null: not counted (a gift card's amount, migration 040), always available. */
    stock_quantity: Generated<number | null>;
    is_listed: Generated<boolean>;
    listing_description: string | null;
    position: Generated<number>;
  };
  variant_attributes: {
    id: Generated<string>;
    variant_id: string;
    attribute_name: string;
    value: string;
    value_description: string | null;
    order: Generated<number>;
  };
  images: {
    id: Generated<string>;
    product_id: string | null;
    variant_id: string | null;
    type: ImageType;
    filename: string | null;
    url: string | null;
    bucket_name: Generated<string>;
    storage_path: string | null;
    width: number | null;
    height: number | null;
    alt: Generated<string>;
    order: Generated<number>;
    focal_x: Generated<number>;
    focal_y: Generated<number>;
  };
  mail_outbox: {
    id: Generated<string>; // bigint identity: newest is highest
    to: string;
    subject: string;
    text: string;
    html: string;
    created_at: ColumnType<Date, Date | string | undefined, never>;
    /** The queued job's message id: one message per id (migration 030). */
    message_id: ColumnType<string | null, string | null | undefined, never>;
    /** Extra headers (List-Unsubscribe...), migration 038. */
    headers: ColumnType<Record<string, string> | null, string | null | undefined, never>;
  };
  wishlist_entries: {
    id: Generated<string>;
    email: string;
    product_id: string | null;
    product_variant_id: string | null;
    created_at: ColumnType<Date, Date | string | undefined, never>;
    notified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    /** The shop's language this was made in (migration 036): the emails and receipts about it speak it. */
    locale: Generated<ShopLocale>;
  };
  contact_messages: {
    id: Generated<string>;
    name: string;
    email: string;
    reason: string;
    subject: string;
    message: string;
    client_ip: string | null;
    created_at: ColumnType<Date, Date | string | undefined, never>;
  };
  schema_migrations: { name: string; applied_at: ColumnType<Date, never, never> };
  users: {
    id: Generated<string>;
    email: string;
    user_type: 'guest' | 'registered';
    password_hash: string | null;
    first_name: string | null;
    last_name: string | null;
    phone: string | null;
    address: string | null;
    email_verified_at: Date | null;
    session_expires_at: Date | null;
    failed_login_count: Generated<number>;
    locked_until: Date | null;
    created_at: ColumnType<Date, Date | undefined, never>;
    updated_at: ColumnType<Date, Date | undefined, Date>;
    /** Set when the customer deleted their account: the row is kept, emptied, for the orders (migration 031). */
    erased_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    /** The shop's language this was made in (migration 036): the emails and receipts about it speak it. */
    locale: Generated<ShopLocale>;
  };
  verification_codes: {
    id: Generated<string>;
    email: string;
    purpose: CodePurpose;
    code_hash: string;
    attempts: Generated<number>;
    created_at: Date;
    expires_at: Date;
    verified_at: Date | null;
    consumed_at: Date | null;
    /** When its email went out; a code never mailed does not hold back the next one. */
    mailed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  };
  staff: {
    id: Generated<string>;
    email: string;
    role: StaffRole;
    password_hash: string | null;
    failed_login_count: Generated<number>;
    locked_until: Date | null;
    /** The language of the member's back office (migration 046). */
    locale: Generated<ShopLocale>;
    created_at: Date;
    updated_at: Date;
  };
  staff_sessions: {
    id: Generated<string>;
    staff_id: string;
    token_hash: string;
    created_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
  };
  order_notes: {
    id: Generated<string>;
    purchase_id: string;
    author: string;
    body: string;
    created_at: Date;
    seq: GeneratedAlways<string>;
  };
  audit_log: {
    id: GeneratedAlways<string>;
    at: Date;
    actor: string;
    action: string;
    subject_type: string;
    subject_id: string;
    before: JSONColumnType<Record<string, unknown> | null, string | null, never>;
    after: JSONColumnType<Record<string, unknown> | null, string | null, never>;
  };
  refresh_tokens: {
    id: Generated<string>;
    user_id: string;
    family_id: string;
    token_hash: string;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
    revoked_at: Date | null;
  };
  carts: {
    id: Generated<string>;
    user_id: string | null;
    token_hash: string | null;
    created_at: ColumnType<Date, Date | undefined, never>;
    updated_at: ColumnType<Date, Date | undefined, Date>;
    /** The reminder whose link filled this cart (migration 038). */
    restored_from: ColumnType<string | null, string | null | undefined, string | null>;
  };
  cart_items: {
    id: Generated<string>;
    cart_id: string;
    variant_id: string;
    quantity: number;
    created_at: ColumnType<Date, Date | undefined, never>;
  };
  checkout_sessions: {
    id: Generated<string>;
    provider: PaymentProviderName;
    provider_session_id: string | null;
    kind: 'cart' | 'quick';
    user_id: string;
    cart_id: string | null;
    cart_token_hash: string | null;
    email: string;
    status: CheckoutSessionStatus;
    items_total: number;
    shipping_cost: number;
    tax: number;
    total: number;
    success_url: string;
    cancel_url: string;
    metadata: JSONColumnType<Record<string, unknown>>;
    created_at: Date;
    expires_at: Date;
    closed_at: Date | null;
    discount_code_id: ColumnType<string | null, string | null | undefined, string | null>;
    discount_code: ColumnType<string | null, string | null | undefined, string | null>;
    discount: Generated<number>;
    refusal_reason: ColumnType<string | null, string | null | undefined, string | null>;
    provider_refund_id: ColumnType<string | null, string | null | undefined, string | null>;
    refunded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    /** The shop's language this was made in (migration 036): the emails and receipts about it speak it. */
    locale: Generated<ShopLocale>;
    /** Taken from a gift card and from the buyer's store credit (migration 037); the provider is asked for the rest. */
    gift_card_id: ColumnType<string | null, string | null | undefined, string | null>;
    gift_card_amount: Generated<number>;
    store_credit_amount: Generated<number>;
    /** For whom the gift cards bought here are; null: for the buyer. */
    gift: JSONColumnType<GiftRecipient | null, string | null | undefined, string | null>;
  };
  checkout_session_items: {
    checkout_session_id: string;
    variant_id: string;
    quantity: number;
    unit_price: number;
    limit_claimed: Generated<boolean>;
    discount: Generated<number>;
  };
  purchases: {
    id: Generated<string>;
    user_id: string;
    checkout_session_id: string | null;
    email: string;
    status: Generated<string>;
    subtotal: number;
    shipping_cost: number;
    tax: number;
    discount: Generated<number>;
    total: number;
    shipping_address: JSONColumnType<Address | null, string | null, string | null>;
    billing_address: JSONColumnType<Address | null, string | null, string | null>;
    payment_method: string;
    first_time_purchase_info: JSONColumnType<FirstTimePurchaseInfo>;
    tracking_number: string | null;
    carrier: string | null;
    created_at: Date;
    refunded_total: Generated<number>;
    discount_code: ColumnType<string | null, string | null | undefined, string | null>;
    delivered_at: Date | null;
    /** The shop's language this was made in (migration 036): the emails and receipts about it speak it. */
    locale: Generated<ShopLocale>;
    /** Paid by a gift card (its last four characters) and by store credit (migration 037). */
    gift_card_amount: Generated<number>;
    gift_card_last4: ColumnType<string | null, string | null | undefined, string | null>;
    gift_card_id: ColumnType<string | null, string | null | undefined, string | null>;
    store_credit_amount: Generated<number>;
    /** Migration 042: the tracking page made from the carrier's template when it was shipped. */
    tracking_url: ColumnType<string | null, string | null | undefined, string | null>;
  };
  /** The carriers the owner ships with (migration 042); `{number}` in the template is the tracking number. */
  carriers: {
    id: Generated<string>;
    name: string;
    tracking_url_template: string;
    position: Generated<number>;
    created_at: Generated<Date>;
  };
  gift_cards: {
    id: Generated<string>;
    code_hash: string;
    last4: string;
    initial_amount: number;
    balance: number;
    expires_at: Date | null;
    disabled_at: Date | null;
    issued_by: string;
    purchase_id: string | null;
    recipient_name: string | null;
    recipient_email: string | null;
    message: string | null;
    send_at: Date | null;
    locale: Generated<ShopLocale>;
    created_at: Date;
  };
  store_credits: { user_id: string; balance: Generated<number>; updated_at: Date };
  /** Every change of a gift card's or a customer's balance (migration 037): signed cents. */
  balance_ledger: {
    id: Generated<string>;
    gift_card_id: string | null;
    user_id: string | null;
    amount: number;
    reason: string;
    actor: string;
    checkout_session_id: string | null;
    purchase_id: string | null;
    created_at: Date;
  };
  purchase_items: {
    id: Generated<string>;
    purchase_id: string;
    product_id: string | null;
    variant_id: string | null;
    name: string;
    sku: string;
    variant_description: Generated<string>;
    variant_attributes: JSONColumnType<{ attribute_name: string; value: string }[]>;
    quantity: number;
    unit_price: number;
    position: Generated<number>;
    refunded_quantity: Generated<number>;
    discount: Generated<number>;
    returned_quantity: Generated<number>;
  };
  customer_notes: {
    id: Generated<string>;
    user_id: string;
    author: string;
    body: string;
    created_at: Date;
    seq: GeneratedAlways<string>;
  };
  consents: {
    id: Generated<string>;
    user_id: string;
    kind: 'cookies' | 'marketing' | 'terms';
    policy_version: string;
    given_at: Date;
    withdrawn_at: Date | null;
    /** When the marketing consent's email link was followed (migration 038); the other kinds count from giving. */
    confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  };
  privacy_log: {
    id: GeneratedAlways<string>;
    at: Date;
    kind: 'export' | 'erasure' | 'purge';
    actor: string;
    customer_id: string | null;
    details: JSONColumnType<Record<string, number> | null, string | null, never>;
  };
  cart_reminders: {
    id: Generated<string>;
    cart_id: string | null;
    user_id: string | null;
    round: number;
    step: 1 | 2;
    locale: ColumnType<ShopLocale, ShopLocale | undefined, never>;
    created_at: Date;
    sent_at: Date | null;
    expires_at: Date;
    opened_at: Date | null;
    recovered_purchase_id: string | null;
    recovered_total: number | null;
    recovered_at: Date | null;
  };
  funnel_counts: {
    day: ColumnType<string, string, never>;
    step: FunnelStep;
    product_id: string;
    n: number;
  };
  shop_settings: {
    key: string;
    value: JSONColumnType<Record<string, unknown>, string, string>;
    updated_at: Date;
    updated_by: string;
  };
  product_name_redirects: { old_name: string; product_id: string };
  /** Migration 043: content pages and their versions. */
  pages: {
    id: Generated<string>;
    builtin: string | null;
    slug: string;
    latest_version: Generated<number>;
    published_version: number | null;
    created_at: Date;
    updated_at: Date;
  };
  page_versions: {
    page_id: string;
    number: number;
    title_en: string;
    title_it: string;
    description_en: string;
    description_it: string;
    body_en: string;
    body_it: string;
    created_at: Date;
    created_by: string;
    /** The contact page's address and hours (ADR 073); null for every other page. */
    fields: ColumnType<ContactFields | null, string | null | undefined, string | null>;
  };
  page_slug_redirects: { old_slug: string; page_id: string };
  /** The header's menu and the footer's columns (migration 045, ADR 071). */
  navigation_groups: {
    id: Generated<string>;
    menu: 'header' | 'footer';
    key: string;
    heading_en: string;
    heading_it: Generated<string>;
    position: number;
  };
  /** A link of a group; exactly the column of its kind is set (product, category or page id; an address for url and path). */
  navigation_items: {
    id: Generated<string>;
    group_id: string;
    position: number;
    kind: NavigationLinkKind;
    product_id: string | null;
    category_id: string | null;
    page_id: string | null;
    target: Generated<string>;
    label_en: Generated<string>;
    label_it: Generated<string>;
    version: Generated<number>;
  };
  /** Migration 047 (ADR 073): the products the home page shows first, in the owner's order. */
  home_featured: { position: number; product_id: string };
  /** Migration 047 (ADR 073): the home page's hero now, and the one scheduled to replace it. */
  home_heroes: {
    slot: 'current' | 'scheduled';
    image_path: string | null;
    image_width: number | null;
    image_height: number | null;
    headline_en: string;
    headline_it: string;
    text_en: string;
    text_it: string;
    button_en: string;
    button_it: string;
    link_kind: 'product' | 'category';
    link_target: string;
    starts_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
    updated_at: ColumnType<Date, Date | string, Date | string>;
    updated_by: string;
  };
  purchase_limit_claims: { product_id: string; email: string; quantity: number };
  discount_codes: {
    id: Generated<string>;
    code: string;
    kind: DiscountKind;
    value: number;
    min_total: number;
    starts_at: Date | null;
    ends_at: Date | null;
    max_uses: number | null;
    max_uses_per_customer: number | null;
    uses: Generated<number>;
    product_ids: JSONColumnType<string[], string, string>;
    category_ids: JSONColumnType<string[], string, string>;
    active: Generated<boolean>;
    created_at: Date;
    updated_at: Date;
  };
  discount_code_customers: { discount_code_id: string; email: string; uses: number };
  jobs: {
    id: Generated<string>;
    kind: string;
    key: string;
    payload: ColumnType<Record<string, unknown>, string | undefined, string>;
    run_at: ColumnType<Date, Date | string, Date | string>;
    attempts: Generated<number>;
    locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    last_error: string | null;
    done_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    created_at: ColumnType<Date, Date | string, never>;
  };
  idempotency_keys: {
    key: string;
    fingerprint: string;
    claim: string;
    locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    status: number | null;
    headers: ColumnType<[string, string][] | null, string | null | undefined, string | null>;
    body: string | null;
    created_at: ColumnType<Date, Date | string, Date | string>;
    expires_at: ColumnType<Date, Date | string, Date | string>;
    /** What the request's work was applied to, marked in the work's own transaction (ADR 069). */
    applied_to: ColumnType<string | null, string | null | undefined, string | null>;
  };
  catalogue_state: {
    id: Generated<boolean>;
    version: ColumnType<string, never, never>;
  };
  user_purchase_stats: {
    user_id: string;
    total_orders: number;
    delivered: number;
    in_transit: number;
    processing: number;
    total_spent: ColumnType<number, number, number>;
  };
  refunds: {
    id: Generated<string>;
    purchase_id: string;
    idempotency_key: string;
    kind: 'refund' | 'cancellation';
    amount: number;
    lines: JSONColumnType<RefundLine[], string, string>;
    restock: Generated<boolean>;
    reason: Generated<string>;
    provider: string;
    provider_refund_id: string | null;
    status: 'pending' | 'succeeded' | 'failed';
    failure: string | null;
    actor: string;
    created_at: Date;
    completed_at: Date | null;
    /** Paid back to the order's gift card and store credit first (migration 037); the provider gives the rest. */
    to_gift_card: Generated<number>;
    to_store_credit: Generated<number>;
    store_credit_bonus: Generated<number>;
    as_store_credit: Generated<boolean>;
  };
  cards: {
    id: Generated<string>;
    product_id: string;
    name: string;
    rarity: string | null;
    animation_folder_path: string;
    animation_file_name: string;
    animation_file_format: Generated<string>;
    animation_length: Generated<number>;
    image_path: string;
    text_color: string;
    accent_color: string;
    bg_color: string;
    created_at: ColumnType<Date, Date | string | undefined, never>;
  };
  returns: {
    id: Generated<string>;
    number: string;
    purchase_id: string;
    kind: 'refund' | 'exchange';
    reason: string;
    comment: Generated<string>;
    status: 'requested' | 'received' | 'refunded' | 'exchanged' | 'cancelled';
    refund_id: string | null;
    carrier: string | null;
    tracking_number: string | null;
    created_at: Date;
    received_at: Date | null;
    closed_at: Date | null;
    /** The shopper's choice (migration 037): refunded to the payment, or as store credit. */
    refund_to: Generated<'payment' | 'store_credit'>;
  };
  return_items: {
    return_id: string;
    purchase_item_id: string;
    quantity: number;
    exchange_variant_id: string | null;
    exchange_sku: string | null;
    exchange_description: string | null;
  };
  user_cards: {
    user_id: string;
    card_id: string;
    purchase_id: string | null;
    unlocked_at: Date;
    serial: Generated<string>;
    /** The colour bought (migration 041): which of the card's artworks this buyer's card shows. */
    colour: string | null;
  };
  /** A card's artwork in one colour of its product (migration 041). */
  card_colours: {
    card_id: string;
    colour: string;
    animation_folder_path: string;
    image_path: string;
  };
}

/** The Collectible card of docs/product.md#data-shapes as the API answers it (`contract/api/cards.ts`). */
export type CardOut = z.input<typeof apiCardSchema>;

export type PaymentProviderName = 'test' | 'stripe';

export type CheckoutSessionStatus = 'open' | 'completed' | 'expired' | 'cancelled' | 'declined' | 'refund_pending' | 'refunded';

/** A postal address as docs/product.md#data-shapes names its parts. */
export interface Address {
  name: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
}

export interface FirstTimePurchaseInfo {
  has_new_items: boolean;
  new_items: string[];
  /** The cards this purchase unlocked, as GET /api/cards/user-cards answers them. */
  unlocked_cards: CardOut[];
}

/** Who receives a gift card bought as a present, and when its email goes out (ADR 052). */
export interface GiftRecipient {
  name: string;
  email: string;
  message: string | null;
  /** ISO date-time; the email is sent then (at once when it is past). */
  send_at: string;
}

/** A line a refund gave back: which item, how many units, and the cents refunded for them. */
export interface RefundLine {
  item_id: string;
  sku: string;
  name: string;
  quantity: number;
  amount: number;
}

export type CodePurpose = 'register' | 'guest' | 'reset' | 'staff';

export type StaffRole = 'owner' | 'staff';

export type ImageType = 'product' | 'featured' | 'background';

/** The size chart as stored: docs/product.md#data-shapes, with the guide image kept as a storage path. */
/** A size chart's words in another language; a missing or empty one reads as the English chart's. */
export interface SizeChartLabels {
  productDescription?: string;
  fitDescription?: string;
  sizingTips?: string[];
  modelInfo?: string[];
  /** Measurement names by position (A, B, C...). */
  measurementPoints?: string[];
  /** Special features by position. */
  specialFeatures?: { name: string; description: string }[];
}

export interface SizeChartRecord {
  productName: string;
  productDescription: string;
  fitDescription: string;
  sizingTips: string[];
  modelInfo: { modelDescription: string }[];
  measurementGuideImagePath: string | null;
  specialFeatures: { name: string; description: string }[];
  sizeChart: {
    measurementPoints: { code: string; name: string }[];
    sizes: { sizeName: string; measurements: { measurementCode: string; value: number; valueInches: number }[] }[];
  };
  conversionChart: { conversions: Record<string, string | string[]>[] };
}
