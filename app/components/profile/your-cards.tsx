import { ACCOUNT_MESSAGES } from '~/lib/messages';

/** What the panel needs of an unlocked card. */
export interface YourCard {
  id: string;
  name: string;
}

/** The profile's Your Cards panel (spec §2): the shopper's unlocked cards, or the empty text. */
export function YourCards({ cards }: { cards: readonly YourCard[] }) {
  return (
    <section className="profile-panel your-cards" aria-labelledby="your-cards-heading" data-testid="your-cards">
      <h2 id="your-cards-heading">Your Cards</h2>
      {cards.length === 0 ? (
        <div className="profile-panel__empty">
          <p>{ACCOUNT_MESSAGES.noCards}</p>
          <p>{ACCOUNT_MESSAGES.noCardsHint}</p>
        </div>
      ) : (
        <ul className="plain-list">
          {cards.map((card) => (
            <li key={card.id}>{card.name}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
