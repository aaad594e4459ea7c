import { describe, expect, it } from 'vitest';

import { trackingUrl, trackingUrlFromTemplate } from './tracking';

describe('trackingUrl', () => {
  it('links the carriers we ship with to their own pages', () => {
    expect(trackingUrl('GLS', 'AB123')).toMatch(/^https:\/\/gls-group\.com\/.*AB123$/);
    expect(trackingUrl('DHL', '123')).toMatch(/^https:\/\/www\.dhl\.com\/.*tracking-id=123$/);
    expect(trackingUrl('Poste Italiane', 'RR1')).toMatch(/^https:\/\/www\.poste\.it\/.*RR1$/);
    expect(trackingUrl('Bartolini', '55')).toMatch(/^https:\/\/vas\.brt\.it\/.*55$/);
    expect(trackingUrl('BRT', '55')).toMatch(/^https:\/\/vas\.brt\.it\//);
  });

  it('searches the web for other carriers, and gives nothing while tracking is pending', () => {
    expect(trackingUrl('UPS', '1Z 99')).toBe('https://www.google.com/search?q=UPS%201Z%2099%20tracking');
    expect(trackingUrl('GLS', 'Pending')).toBeNull();
    expect(trackingUrl('GLS', '')).toBeNull();
    expect(trackingUrl(null, null)).toBeNull();
  });
});

describe('trackingUrlFromTemplate', () => {
  it("puts the tracking number, encoded, where the owner's template says, every time it says so", () => {
    expect(trackingUrlFromTemplate('https://t.example/?n={number}', 'AB 1/2')).toBe('https://t.example/?n=AB%201%2F2');
    expect(trackingUrlFromTemplate('https://t.example/{number}/{number}', 'X1')).toBe('https://t.example/X1/X1');
    expect(trackingUrlFromTemplate('https://t.example/{number}', 'Pending')).toBeNull();
    expect(trackingUrlFromTemplate('https://t.example/{number}', ' ')).toBeNull();
  });
});
