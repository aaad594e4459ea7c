import { CardCarousel, type CardView } from '~/components/cards/card-carousel';
import { useI18n } from '~/lib/i18n';

/** The profile's Your Cards panel (docs/product.md#profile): a carousel of the shopper's unlocked cards, or the empty text. */
export function YourCards({ cards, total }: { cards: CardView[]; total: number | null }) {
  const { t } = useI18n();
  return (
    <section className="profile-panel your-cards" aria-labelledby="your-cards-heading" data-testid="your-cards">
      <h2 id="your-cards-heading">{t('cards.yourCards')}</h2>
      <CardCarousel cards={cards} total={total} idPrefix="profile-card" />
    </section>
  );
}
