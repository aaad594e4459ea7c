import type { ContactFields } from './api/page-fields';
import { BRAND } from './brand';

/**
 * The shop's own pages whose words the owner edits in the back office but whose layout is the shop's
 * (ADR 073): the about page (its heading, SEO description and story) and the contact page (its
 * heading, SEO description, introduction, address and hours). These are their first texts: the seed
 * writes them as each page's first version, and the storefront shows them while the API cannot say.
 */
export const SHOP_PAGE_KEYS = ['about', 'contact'] as const;
export type ShopPageKey = (typeof SHOP_PAGE_KEYS)[number];

export function isShopPageKey(value: unknown): value is ShopPageKey {
  return SHOP_PAGE_KEYS.includes(value as ShopPageKey);
}

interface FirstTexts {
  title_en: string;
  title_it: string;
  description_en: string;
  description_it: string;
  body_en: string;
  body_it: string;
  fields: ContactFields | null;
}

const studio = BRAND.studio;

export const SHOP_PAGE_FIRST_TEXTS: Record<ShopPageKey, FirstTexts> = {
  about: {
    title_en: `Small batches, cut and sewn in Italy`,
    title_it: `Piccole serie, tagliate e cucite in Italia`,
    description_en: `The story of ${BRAND.name} and the people who make it, between Milan and Genoa.`,
    description_it: `La storia di ${BRAND.name} e delle persone che lo fanno, tra Milano e Genova.`,
    body_en: `The first Tracer Tees were printed in a bedroom in Milan and sold out of a backpack at skate parks. People kept coming back, not for the graphic, but because the shirt still fit after fifty washes. That became the rule: every ${BRAND.name} piece is made to be worn hard and kept for years.\n\nToday our pieces are cut and sewn in our studio in Genoa, a few streets from the old port, from cotton knitted by family mills in Piedmont and Lombardy. We make each design in small batches, numbered, and we do not restock a sold-out run in the same colour. When it is gone, it is gone.\n\nWe keep our studio open on Saturday mornings. Come by to try sizes, see how a tee is made, or just talk. Our headquarters stay in Milan, where the next drop is always being drawn.`,
    body_it: `Le prime Tracer Tee le abbiamo stampate in una cameretta di Milano e vendute da uno zaino negli skatepark. La gente tornava, non per la grafica, ma perché la maglietta vestiva ancora bene dopo cinquanta lavaggi. È diventata la nostra regola: ogni capo ${BRAND.name} è fatto per essere usato tanto e tenuto per anni.\n\nOggi i nostri capi sono tagliati e cuciti nel nostro laboratorio di Genova, a poche strade dal porto antico, con cotone lavorato a maglia da maglifici di famiglia in Piemonte e Lombardia. Ogni modello nasce in piccole serie numerate, e una serie esaurita non torna nello stesso colore. Quando è finita, è finita.\n\nIl sabato mattina il laboratorio è aperto: passa a provare le taglie, a vedere come nasce una t-shirt o semplicemente a fare due chiacchiere. La sede resta a Milano, dove si disegna sempre il prossimo drop.`,
    fields: null,
  },
  contact: {
    title_en: `Contact us`,
    title_it: `Contattaci`,
    description_en: `Write to ${BRAND.name}: orders, sizing, press, wholesale and collaborations.`,
    description_it: `Scrivi a ${BRAND.name}: ordini, taglie, stampa, ingrosso e collaborazioni.`,
    body_en: `Questions about an order, sizing, press or wholesale? Write to us and a real person will answer, usually within one working day.`,
    body_it: `Domande su un ordine, sulle taglie, per la stampa o per l'ingrosso? Scrivici: ti risponderà una persona vera, di solito entro un giorno lavorativo.`,
    fields: {
      address_en: `${BRAND.name} Studio\n${studio.line1}\n${studio.postalCode} ${studio.city}, Italy`,
      address_it: `Laboratorio ${BRAND.name}\n${studio.line1}\n${studio.postalCode} ${studio.city}, Italia`,
      hours: [
        { days_en: 'Mon-Fri', days_it: 'Lun-Ven', hours_en: '10:00-18:00', hours_it: '10:00-18:00' },
        { days_en: 'Sat', days_it: 'Sab', hours_en: '10:00-14:00', hours_it: '10:00-14:00' },
        { days_en: 'Sun', days_it: 'Dom', hours_en: 'closed', hours_it: 'chiuso' },
      ],
    },
  },
};
