import { describe, expect, it } from 'vitest';

import { callRoute } from '../../tests/support/route-context';
import { action } from './cookie-consent';

function accept(redirectTo: string, url = 'http://shop.test/cookie-consent') {
  return callRoute(action, new Request(url, { method: 'POST', body: new URLSearchParams({ redirectTo }) }));
}

describe('cookie consent without JavaScript', () => {
  it('sets a year-long cookie and goes back to the page (303)', async () => {
    const response = await accept('/about?x=1');
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/about?x=1');
    expect(response.headers.get('Set-Cookie')).toBe('cookieConsent=accepted; Path=/; Max-Age=31536000; SameSite=Lax');
    expect((await accept('/', 'https://shop.test/cookie-consent')).headers.get('Set-Cookie')).toMatch(/; Secure$/);
  });

  it('never sends the shopper to another site', async () => {
    expect((await accept('//evil.example')).headers.get('Location')).toBe('/');
    expect((await accept('https://evil.example/')).headers.get('Location')).toBe('/');
  });
});
