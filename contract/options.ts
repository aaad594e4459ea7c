/**
 * How a variant's options read to shoppers, one source for the product page, the cart, orders,
 * emails and receipts: the attribute's name in words ('Colour'), and each value by its description
 * when the catalogue gives one ('Signal red'), else its code ('S/M'). Addresses and SKUs keep the codes.
 */
const LABELS: Record<string, string> = { color: 'Colour', colour: 'Colour', size: 'Size', material: 'Material', treatment: 'Treatment' };

export function attributeLabel(name: string): string {
  const key = name.trim().toLowerCase();
  return LABELS[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
}

export interface OptionWords {
  value: string;
  value_description?: string | null;
}

export function optionText(option: OptionWords): string {
  return option.value_description?.trim() || option.value;
}

/** 'Colour: Signal red'. */
export function optionLine(option: OptionWords & { attribute_name: string }): string {
  return `${attributeLabel(option.attribute_name)}: ${optionText(option)}`;
}
