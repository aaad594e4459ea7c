import type { CardView } from '~/lib/cards';
import { useI18n } from '~/lib/i18n';

import { CardCarousel } from './card-carousel';

/** The order success page's 'Card Unlocked!' section: the cards this purchase unlocked (docs/product.md#cards). */
export function UnlockedCards({ cards }: { cards: CardView[] }) {
  const { t } = useI18n();
  if (!cards.length) return null;
  return (
    <section className="cards-unlocked" aria-labelledby="cards-unlocked-title">
      <h2 id="cards-unlocked-title">{t('cards.unlocked')}</h2>
      <p>
        {cards.length === 1 ? t('cards.unlockedOne') : t('cards.unlockedMany', { count: cards.length })} {t('cards.shareHint')}
      </p>
      <CardCarousel cards={cards} label={t('cards.unlockedLabel')} idPrefix="unlocked" />
    </section>
  );
}
