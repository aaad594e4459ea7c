/**
 * How a variant's options read to shoppers, one source for the product page, the cart, orders,
 * emails and receipts: the attribute's name in words ('Colour'), and each value by its description
 * when the catalogue gives one ('Signal red'), else its code ('S/M'). Addresses and SKUs keep the codes.
 */
const LABELS: Record<'en' | 'it', Record<string, string>> = {
  en: { color: 'Colour', colour: 'Colour', size: 'Size', material: 'Material', treatment: 'Treatment' },
  it: { color: 'Colore', colour: 'Colore', size: 'Taglia', material: 'Materiale', treatment: 'Trattamento' },
};

/** The attribute's name in words, in the shop's language ('Colour', 'Colore'); an unknown one capitalised as it is. */
export function attributeLabel(name: string, locale: 'en' | 'it' = 'en'): string {
  const key = name.trim().toLowerCase();
  return LABELS[locale][key] ?? key.charAt(0).toUpperCase() + key.slice(1);
}

export interface OptionWords {
  value: string;
  value_description?: string | null;
}

export function optionText(option: OptionWords): string {
  return option.value_description?.trim() || option.value;
}

/** 'Colour: Signal red' ('Colore: Signal red' in Italian: the values are the catalogue's words). */
export function optionLine(option: OptionWords & { attribute_name: string }, locale: 'en' | 'it' = 'en'): string {
  return `${attributeLabel(option.attribute_name, locale)}: ${optionText(option)}`;
}
