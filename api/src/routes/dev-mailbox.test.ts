import { beforeAll, describe, expect, it } from 'vitest';

import { createTestApi, TEST_ADMIN_TOKEN } from '../../../tests/support/test-api';
import { useTestApi } from '../../../tests/support/use-test-api';
import { silentLogger } from '../services/logger';
import { createSmtpMailer } from '../services/mail';
import { renderEmail } from '../services/mail-templates';

const api = useTestApi({ seed: false });
let firstSentAt: string;
beforeAll(async () => {
  firstSentAt = api.clock.now().toISOString();
  const first = renderEmail({ subject: 'Your code', heading: 'Verify your email', paragraphs: ['Use this code.'], code: '123456' });
  await api.mail.send({ to: 'Ada@Example.com', ...first });
  api.clock.advance(1000);
  const second = renderEmail({ subject: 'Back in stock', heading: 'It is back', paragraphs: ['<b>Tracer</b> & co'] });
  await api.mail.send({ to: 'ada@example.com', ...second });
  await api.mail.send({ to: 'someone@example.com', ...second });
});

describe('dev mailbox (outbox transport)', () => {
  it("lists one recipient's messages as JSON, newest first, with the fields of the interface", async () => {
    const res = await api.app.request('/dev/mailbox.json?to=ada@example.com');
    expect(res.status).toBe(200);
    const messages = await res.json();
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(['Back in stock', 'Your code']);
    expect(Object.keys(messages[0]).sort()).toEqual(['created_at', 'html', 'subject', 'text', 'to']);
    expect(messages[1]).toMatchObject({ to: 'ada@example.com', created_at: firstSentAt });
    expect(messages[1].text).toMatch(/\b123456\b/);
    expect(messages[1].html).toContain('123456');
  });

  it('lists everyone without a recipient', async () => {
    const messages = await (await api.app.request('/dev/mailbox.json')).json();
    expect(messages).toHaveLength(3);
  });

  it('shows the messages as an escaped HTML page', async () => {
    const res = await api.app.request('/dev/mailbox?to=ada@example.com');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const page = await res.text();
    expect(page).toContain('Back in stock');
    expect(page).toContain('&lt;b&gt;Tracer&lt;/b&gt; &amp; co');
    expect(page).not.toContain('<b>Tracer</b>');
  });

  it('is not there when mail goes out by SMTP', async () => {
    const smtp = await createTestApiWithSmtp();
    try {
      expect((await smtp.app.request('/dev/mailbox.json')).status).toBe(404);
      expect((await smtp.app.request('/dev/mailbox')).status).toBe(404);
    } finally {
      await smtp.cleanup();
    }
  });
});

describe('without DEV_MAILBOX=1 (how `npm start` runs)', () => {
  it('has no public mailbox, and the owner reads the outbox with the admin token', async () => {
    const closed = await createTestApi({ seed: false, devMailbox: false });
    try {
      await closed.mail.send({
        to: 'ada@example.com',
        ...renderEmail({ subject: 'Your code', heading: 'Verify', paragraphs: ['Use it.'], code: '654321' }),
      });
      expect((await closed.app.request('/dev/mailbox.json')).status).toBe(404);
      expect((await closed.app.request('/dev/mailbox?to=ada@example.com')).status).toBe(404);
      expect((await closed.app.request('/api/admin/mail?to=ada@example.com')).status).toBe(401);
      const owner = await closed.app.request('/api/admin/mail?to=ada@example.com', {
        headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      });
      expect(owner.status).toBe(200);
      const [message] = await owner.json();
      expect(message).toMatchObject({ to: 'ada@example.com', subject: 'Your code' });
      expect(message.text).toMatch(/\b654321\b/);
    } finally {
      await closed.cleanup();
    }
  });

  it('tells the owner there is no outbox when mail goes out by SMTP', async () => {
    const smtp = await createTestApiWithSmtp();
    try {
      const res = await smtp.app.request('/api/admin/mail', { headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
      expect(res.status).toBe(404);
      expect((await res.json()).detail).toMatch(/SMTP/);
    } finally {
      await smtp.cleanup();
    }
  });
});

function createTestApiWithSmtp() {
  // Nothing is sent: the transport is only built, which is what decides whether the mailbox exists.
  return createTestApi({ seed: false, mail: createSmtpMailer('smtp://127.0.0.1:2525', 'shop@example.com', silentLogger) });
}
