import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { CardView } from '~/lib/cards';
import { localeOfPath } from '~/lib/i18n';
import { i18nData } from '~/lib/i18n.server';

import { CardCarousel } from './card-carousel';
import { UnlockedCards } from './unlocked-cards';

const card = (n: number): CardView => ({
  id: `0000000${n}-4b7d-4e2a-9abc-0123456789ab`,
  name: `Card ${n}`,
  label: 'RARE',
  owner: 'Ada Rossi',
  code: `0000000${n}-4B7D-4E2A-`,
  date: '22 Novembre 2026',
  unlockedAt: '2026-11-22T10:00:00.000Z',
  textColor: '#ffffff',
  accentColor: '#ff0000',
  bgColor: '#000000',
  imageUrl: `http://storage.test/cards/c${n}/static.webp`,
  framePrefix: `http://storage.test/cards/c${n}/frame_`,
  frameFormat: 'webp',
  frameCount: 148,
  sharePath: `/cards/0000000${n}-4b7d-4e2a-9abc-0123456789ab.png?share=abc.def`,
});

/** What a browser without JavaScript gets: the server's markup, on a page of `path` that loaded the cards' words. */
function html(element: JSX.Element, path = '/profile') {
  const data = { i18n: i18nData(localeOfPath(path), 'cards') };
  const Stub = createRemixStub([{ path, Component: () => element, loader: () => data }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} hydrationData={{ loaderData: { '0': data } }} />);
}

describe('CardCarousel as the server renders it (no JavaScript)', () => {
  it('says there are no cards yet', () => {
    const out = html(<CardCarousel cards={[]} total={4} />);
    expect(out).toContain('No cards unlocked yet');
    expect(out).toContain('Make a purchase to unlock cards!');
    expect(out).not.toContain('out of');
  });

  it('counts the collection and lays the cards out as a strip of anchored slides', () => {
    const cards = [card(1), card(2), card(3)];
    const out = html(<CardCarousel cards={cards} total={4} idPrefix="mine" />);
    expect(out).toContain('>3 out of 4</p>');
    for (const [i, c] of cards.entries()) {
      expect(out).toContain(`id="mine-${c.id}"`);
      expect(out).toContain(`aria-label="${i + 1} of 3: ${c.name}"`);
      expect(out).toContain(`href="#mine-${c.id}" aria-label="Show card ${i + 1}: ${c.name}"`);
    }
    // Arrows and the current dot need JavaScript; the dots are plain links.
    expect(out).not.toContain('Next card');
    expect(out).not.toContain('aria-current');
    expect(out).toContain('aria-roledescription="carousel"');
  });

  it('leaves out the count without a total, and the controls for a single card', () => {
    const out = html(<CardCarousel cards={[card(1)]} />);
    expect(out).not.toContain('out of');
    expect(out).not.toContain('Show card');
  });

  it('draws each face with its static image and a Share Card link to the server-rendered PNG', () => {
    const out = html(<CardCarousel cards={[card(1)]} />);
    expect(out).toContain('src="http://storage.test/cards/c1/static.webp" width="300" height="400"');
    for (const text of ['RARE', 'Card 1', 'Ada Rossi', '00000001-4B7D-4E2A-', 'FILO · Made in Italy', '22 Novembre 2026'])
      expect(out).toContain(`>${text}<`);
    expect(out).toMatch(
      /<noscript><a [^>]*href="\/cards\/00000001-4b7d-4e2a-9abc-0123456789ab\.png\?share=abc\.def"[^>]*>Share Card<\/a><\/noscript>/,
    );
    // No button until the frames (or, under reduced motion, the image) have loaded in the browser.
    expect(out).not.toContain('<button');
    expect(out).not.toContain('progressbar');
  });
});

describe('UnlockedCards', () => {
  it('shows nothing when the purchase unlocked nothing, and Card Unlocked! otherwise', () => {
    expect(html(<UnlockedCards cards={[]} />)).toBe('');
    const out = html(<UnlockedCards cards={[card(1), card(2)]} />);
    expect(out).toContain('<h2 id="cards-unlocked-title">Card Unlocked!</h2>');
    expect(out).toContain('unlocked 2 collectible cards');
    expect(out).toContain('id="unlocked-');
  });
});

describe('the cards in Italian', () => {
  it('count, name and label the carousel in Italian on an /it page', () => {
    const out = html(<CardCarousel cards={[card(1), card(2)]} total={4} />, '/it/profile');
    expect(out).toContain('2 su 4');
    expect(out).toContain('Condividi la card');
    expect(out).toContain('aria-label="Le tue card"');
    expect(html(<CardCarousel cards={[]} total={4} />, '/it/profile')).toContain('Nessuna card sbloccata');
    expect(html(<UnlockedCards cards={[card(1)]} />, '/it/order-success')).toContain('Card sbloccata!');
  });
});
