import type { CardView } from '~/lib/cards';
import { CARD_MESSAGES } from '~/lib/messages';

import { CardCarousel } from './card-carousel';

/** The order success page's 'Card Unlocked!' section: the cards this purchase unlocked (docs/product.md#cards). */
export function UnlockedCards({ cards }: { cards: CardView[] }) {
  if (!cards.length) return null;
  return (
    <section className="cards-unlocked" aria-labelledby="cards-unlocked-title">
      <h2 id="cards-unlocked-title">{CARD_MESSAGES.cardUnlocked}</h2>
      <p>
        {cards.length === 1
          ? 'Your first purchase of this piece unlocked its collectible card.'
          : `Your first purchase of these pieces unlocked ${cards.length} collectible cards.`}{' '}
        Share Card saves a card as an image.
      </p>
      <CardCarousel cards={cards} label="Unlocked cards" idPrefix="unlocked" />
    </section>
  );
}
