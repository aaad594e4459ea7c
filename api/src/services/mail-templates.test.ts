import { describe, expect, it } from 'vitest';

import { renderEmail } from './mail-templates';

describe('renderEmail', () => {
  const email = renderEmail({
    subject: 'Your code',
    heading: 'Verify your email',
    paragraphs: ['Enter this code in the shop.', 'It expires in 10 minutes.'],
    code: '042137',
    action: { label: 'Open the shop', url: 'http://localhost:3000/?a=1&b=2' },
  });

  it('renders the same content as plain text and as HTML', () => {
    for (const part of ['Verify your email', 'Enter this code in the shop.', 'It expires in 10 minutes.', '042137', 'Open the shop']) {
      expect(email.text).toContain(part);
      expect(email.html).toContain(part);
    }
    expect(email.text).toContain('Open the shop: http://localhost:3000/?a=1&b=2');
    expect(email.html).toContain('href="http://localhost:3000/?a=1&amp;b=2"');
    expect(email.subject).toBe('Your code');
  });

  it('escapes what it is given', () => {
    const hostile = renderEmail({ subject: '<x>', heading: '<script>alert(1)</script>', paragraphs: ['"quoted" & more'] });
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).toContain('&lt;script&gt;');
    expect(hostile.html).toContain('&quot;quoted&quot; &amp; more');
  });
});
