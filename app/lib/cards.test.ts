import { describe, expect, it } from 'vitest';

import { cardCode, cardDate, cardExportFileName, cardLabel, cardOwnerName, framePath } from './cards';

describe('card face texts (docs/product.md#cards)', () => {
  it('labels the card with its rarity in capitals, or CARD', () => {
    expect(cardLabel('legendary')).toBe('LEGENDARY');
    expect(cardLabel(' rare ')).toBe('RARE');
    expect(cardLabel(null)).toBe('CARD');
    expect(cardLabel('  ')).toBe('CARD');
  });

  it('names the owner by first and last name, else the email before the at sign, else Guest User', () => {
    expect(cardOwnerName({ first_name: 'Ada', last_name: 'Rossi', email: 'ada@example.com' })).toBe('Ada Rossi');
    expect(cardOwnerName({ first_name: 'Ada', last_name: null, email: 'ada@example.com' })).toBe('Ada');
    expect(cardOwnerName({ first_name: ' ', last_name: '', email: 'guest.buyer+1@example.com' })).toBe('guest.buyer+1');
    expect(cardOwnerName({ email: null })).toBe('Guest User');
    expect(cardOwnerName(null)).toBe('Guest User');
  });

  it('speaks Italian on an Italian page: the rarities by their Italian names, CARTA and Ospite', () => {
    expect(cardLabel('legendary', 'it')).toBe('LEGGENDARIA');
    expect(cardLabel('Common', 'it')).toBe('COMUNE');
    expect(cardLabel('rare', 'it')).toBe('RARA');
    expect(cardLabel('epic', 'it')).toBe('EPICA');
    // A rarity the shop does not know keeps its own word.
    expect(cardLabel('mythic', 'it')).toBe('MYTHIC');
    expect(cardLabel(null, 'it')).toBe('CARTA');
    expect(cardOwnerName(null, 'it')).toBe('Ospite');
    expect(cardOwnerName({ email: 'ada@example.com' }, 'it')).toBe('ada');
  });

  it('codes the card with the first 19 characters of its serial in capitals, no hyphen left hanging', () => {
    expect(cardCode('3f2a9c1e-4b7d-4e2a-9abc-0123456789ab')).toBe('3F2A9C1E-4B7D-4E2A');
    expect(cardCode('3f2a9c1e4b7d4e2a9abc0123456789ab')).toBe('3F2A9C1E4B7D4E2A9AB');
  });

  it('dates the unlock in Italian long format, capitalised, in Italian time', () => {
    expect(cardDate('2026-11-22T10:00:00Z')).toBe('22 Novembre 2026');
    expect(cardDate('2026-03-31T23:30:00Z')).toBe('1 Aprile 2026');
    expect(cardDate('not a date')).toBe('');
  });

  it('names exports product-card-{name}-{timestamp}.png and frames with four digits', () => {
    expect(cardExportFileName('Tracer Tee', 1_795_336_000_000)).toBe('product-card-tracer-tee-1795336000000.png');
    expect(cardExportFileName('Maglia è Bella!', 1)).toBe('product-card-maglia-e-bella-1.png');
    expect(framePath({ framePrefix: 'http://x/cards/tee/v1/frame_', frameFormat: 'webp' }, 7)).toBe(
      'http://x/cards/tee/v1/frame_0007.webp',
    );
  });
});
