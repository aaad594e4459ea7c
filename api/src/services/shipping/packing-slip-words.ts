import { BRAND } from '@contract/brand';
import type { ShopLocale } from '@contract/locale';

export interface PackingSlipWords {
  title: string;
  heading: string;
  orderNumber(number: string): string;
  date(day: string): string;
  deliverTo: string;
  noAddress: string;
  columns: [string, string, string];
  returnsHeading: string;
  /** `ordersUrl` is the storefront's order page in the slip's language. */
  returns(days: number, ordersUrl: string): string[];
  thanks: string;
}

/** The packing slip (issue 42) in each of the shop's languages: each slip speaks its order's (`purchases.locale`). */
export const PACKING_SLIP_WORDS: Record<ShopLocale, PackingSlipWords> = {
  en: {
    title: `${BRAND.name} packing slips`,
    heading: 'Packing slip',
    orderNumber: (number) => `Order ${number}`,
    date: (day) => `Ordered on ${day}`,
    deliverTo: 'Deliver to',
    noAddress: 'No delivery address on this order.',
    columns: ['Item', 'SKU', 'Quantity'],
    returnsHeading: 'Returns and exchanges',
    returns: (days, ordersUrl) => [
      `Something not right? You can return it, or exchange it for another size, within ${days} days of delivery.`,
      `Open your order at ${ordersUrl} (or follow the link in your delivery email) and choose Return or exchange. We email you where to send the parcel.`,
      'Put this slip in the parcel with the items you send back, unworn and with their labels.',
    ],
    thanks: `Thank you for choosing ${BRAND.name}.`,
  },
  it: {
    title: `Distinte di imballaggio ${BRAND.name}`,
    heading: 'Distinta di imballaggio',
    orderNumber: (number) => `Ordine ${number}`,
    date: (day) => `Ordinato il ${day}`,
    deliverTo: 'Consegnare a',
    noAddress: 'Nessun indirizzo di consegna per questo ordine.',
    columns: ['Articolo', 'SKU', 'Quantità'],
    returnsHeading: 'Resi e cambi',
    returns: (days, ordersUrl) => [
      `Qualcosa non va? Puoi renderlo, o cambiarlo con un'altra taglia, entro ${days} giorni dalla consegna.`,
      `Apri il tuo ordine su ${ordersUrl} (o segui il link nell'email di consegna) e scegli Reso o cambio. Ti scriviamo dove spedire il pacco.`,
      'Metti questa distinta nel pacco con gli articoli che rendi, non indossati e con le loro etichette.',
    ],
    thanks: `Grazie per aver scelto ${BRAND.name}.`,
  },
};
