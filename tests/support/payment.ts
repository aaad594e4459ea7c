import { expect, type Page } from '@playwright/test';

export const PAYING_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

/**
 * Pays on the test payment page as a buyer does: the card, then the delivery address wherever the
 * page has not filled it in already (a returning buyer's last address is there). `delivery: false`
 * is a page for gift cards alone, which asks for no address (ADR 064).
 */
export async function payOnTestPage(
  page: Page,
  options: { card?: string; name?: string; submit?: RegExp | string; delivery?: boolean } = {},
) {
  const name = options.name ?? 'Ada Rossi';
  await expect(page.getByLabel('Card number')).toBeVisible();
  await page.getByLabel('Card number').fill(options.card ?? PAYING_CARD);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(name);
  if (options.delivery === false) {
    await expect(page.getByRole('group', { name: 'Delivery address' })).toHaveCount(0);
    await expect(page.getByLabel('Address line 1', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: options.submit ?? /^Pay / }).click();
    return;
  }
  const fillEmpty = async (label: string, value: string) => {
    const field = page.getByLabel(label, { exact: true });
    if (!(await field.inputValue())) await field.fill(value);
  };
  await fillEmpty('Full name', name);
  await fillEmpty('Address line 1', 'Via Po 1');
  await fillEmpty('Postal code', '10124');
  await fillEmpty('City', 'Torino');
  const country = page.getByLabel('Country');
  if (!(await country.inputValue())) await country.selectOption('IT');
  await page.getByRole('button', { name: options.submit ?? /^Pay / }).click();
}
