import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Kysely's view of the tables created by ./migrations. */
export interface Database {
  categories: { id: Generated<string>; name: string };
  products: {
    id: Generated<string>;
    name: string;
    short_description: Generated<string>;
    long_description: Generated<string>;
    price: number;
    launch_date: ColumnType<Date, Date | string, Date | string>;
    created_at: ColumnType<Date, never, never>;
  };
  product_categories: { product_id: string; category_id: string; position: Generated<number> };
  size_charts: { id: Generated<string>; product_id: string; chart: JSONColumnType<SizeChartRecord> };
  product_variants: {
    id: Generated<string>;
    product_id: string;
    sku: string;
    description: Generated<string>;
    price: number;
    stock_quantity: Generated<number>;
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
  };
  mail_outbox: {
    id: Generated<string>; // bigint identity: newest is highest
    to: string;
    subject: string;
    text: string;
    html: string;
    created_at: ColumnType<Date, Date | string | undefined, never>;
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
}

export type ImageType = 'product' | 'featured' | 'background';

/** The size chart as stored: spec §3, with the guide image kept as a storage path. */
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
