import type { ProductDetails, ProductListItem, SizeChart, SizeChartLabels } from '@contract/api/catalogue';

import { DEFAULT_LOCALE, type Locale } from './i18n';

/**
 * The catalogue's texts in the page's language (issue 38, ADR 046): the API answers every language at
 * once (`translations`), so the catalogue caches keep one answer per product; each page picks its
 * own here. Product names stay the brand's; an Italian text not written yet reads in English.
 */
const or = (text: string | undefined, english: string) => (text?.trim() ? text : english);

function categoriesIn<T extends { name: string }>(categories: T[], names: string[] | undefined): T[] {
  return categories.map((category, i) => ({ ...category, name: or(names?.[i], category.name) }));
}

/** A size chart with the labels given where they are written, the English chart's elsewhere. */
export function chartIn(chart: SizeChart, labels: SizeChartLabels | null | undefined, description?: string): SizeChart {
  if (!labels) return chart;
  const byPosition = (list: string[] | undefined, english: string[]) => english.map((text, i) => or(list?.[i], text));
  const tips = labels.sizingTips?.filter((tip) => tip.trim());
  const models = labels.modelInfo?.filter((note) => note.trim());
  return {
    ...chart,
    productDescription: or(labels.productDescription, or(description, chart.productDescription ?? '')),
    fitDescription: or(labels.fitDescription, chart.fitDescription ?? ''),
    sizingTips: tips?.length ? tips : chart.sizingTips,
    modelInfo: models?.length ? models.map((modelDescription) => ({ modelDescription })) : chart.modelInfo,
    specialFeatures: chart.specialFeatures.map((feature, i) => ({
      name: or(labels.specialFeatures?.[i]?.name, feature.name),
      description: or(labels.specialFeatures?.[i]?.description, feature.description),
    })),
    sizeChart: chart.sizeChart && {
      ...chart.sizeChart,
      measurementPoints: chart.sizeChart.measurementPoints.map((point, i) => ({
        ...point,
        name: byPosition(
          labels.measurementPoints,
          chart.sizeChart!.measurementPoints.map((p) => p.name),
        )[i],
      })),
    },
  };
}

/** A listing (a card of the grid, the home page's hero) in `locale`. */
export function listItemIn(item: ProductListItem, locale: Locale): ProductListItem {
  const texts = locale === DEFAULT_LOCALE ? undefined : item.translations.it;
  if (!texts) return item;
  return {
    ...item,
    short_description: or(texts.short_description, item.short_description),
    categories: categoriesIn(item.categories, texts.categories),
  };
}

/** A product's details (its page, its structured data) in `locale`. */
export function detailsIn(product: ProductDetails, locale: Locale): ProductDetails {
  const texts = locale === DEFAULT_LOCALE ? undefined : product.translations.it;
  if (!texts) return product;
  const shortDescription = or(texts.short_description, product.short_description);
  return {
    ...product,
    short_description: shortDescription,
    long_description: or(texts.long_description, product.long_description),
    categories: categoriesIn(product.categories, texts.categories),
    variants: product.variants.map((variant) => ({
      ...variant,
      size_chart: variant.size_chart ? chartIn(variant.size_chart, texts.size_chart, texts.short_description) : variant.size_chart,
    })),
  };
}
