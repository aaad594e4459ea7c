import { describe, expect, it } from 'vitest';

import { formatGiftCardCode } from '@contract/gift-cards';

import { cliHeaders } from '../../../tests/support/staff';
import { GENEROUS_LIMITS } from '../../../tests/support/test-api';
import { useTestApi } from '../../../tests/support/use-test-api';

// A gift card's balance by its code is a guess the shop limits, on the discount codes' budgets (ADR 043, 052).
const api = useTestApi({ limits: { ...GENEROUS_LIMITS, 'code-ip': 8, 'code-shopper': 4 } });

async function issue(amount: number) {
  const res = await api.app.request('/api/admin/gift-cards', {
    method: 'POST',
    headers: { ...cliHeaders, 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { code: string; card: { id: string } };
}

const check = (code: string, address: string) =>
  api.app.request('/api/gift-cards/balance', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ code }),
  });

describe('guessing gift card codes', () => {
  it('answers a balance by code; unknown, disabled and malformed codes read alike; refused guesses run out, good ones do not count', async () => {
    const issued = await issue(2_500);
    const good = await check(formatGiftCardCode(issued.code).toLowerCase(), '203.0.113.30');
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ last4: issued.code.slice(-4), balance: 2_500, expires_at: null });
    for (let i = 0; i < 5; i += 1) expect((await check(issued.code, '203.0.113.30')).status).toBe(200);

    const disable = await api.app.request(`/api/admin/gift-cards/${issued.card.id}/disable`, { method: 'POST', headers: cliHeaders });
    expect(disable.status).toBe(200);
    const answers = [];
    for (const code of [issued.code, 'NOT-A-CARD', `${issued.code.slice(0, -1)}0`])
      answers.push(await (await check(code, '203.0.113.30')).json());
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ code: 'gift_card_invalid' });

    for (let i = 0; i < 5; i += 1) await check(`WRONG${i}`, '203.0.113.30');
    const limited = await check('ANOTHER', '203.0.113.30');
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { code: string }).code).toBe('rate_limited');
    // Another address is not held up.
    expect((await check('ANOTHER', '203.0.113.31')).status).toBe(404);
  });
});
