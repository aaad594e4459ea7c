import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { openDataArchive } from '../../../tests/support/data-archive';
import { shopper } from '../../../tests/support/shopper';
import { startTestApi, TEST_ADMIN_TOKEN } from '../../../tests/support/test-api';
import { acquireDataDirLock, ADMIN_TOKEN_FILE, type DataDirLock } from '../bootstrap';
import { runShopCli } from './run';

// The owner's CLI as `npm run shop -- ...` runs it, against a data folder held by a running API (the
// lock file names its port, the folder keeps the owner's token), here the real API in this process.
let api: Awaited<ReturnType<typeof startTestApi>>;
let dataDir: string;
let lock: DataDirLock;

beforeAll(async () => {
  api = await startTestApi({ seed: false });
  dataDir = await mkdtemp(join(tmpdir(), 'shop-cli-'));
  lock = acquireDataDirLock(dataDir, (api.server.address() as AddressInfo).port);
  await writeFile(join(dataDir, ADMIN_TOKEN_FILE), TEST_ADMIN_TOKEN);
  for (const [to, subject] of [
    ['ada@example.com', 'Your FILO code: 111111'],
    ['bea@example.com', 'Your FILO code: 222222'],
    ['ada@example.com', 'Your FILO code: 333333'],
    ['ada@example.com', 'Your FILO code: 444444'],
  ]) {
    api.clock.advance(60_000);
    await api.mail.send({ to, subject, text: `Your code is ${subject.slice(-6)}.`, html: '' });
  }
});
afterAll(async () => {
  lock.release();
  await rm(dataDir, { recursive: true, force: true });
  await api.cleanup();
});

/** What one command prints, and its exit code. */
async function shop(...argv: string[]): Promise<{ code: number; printed: string }> {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
  try {
    const code = await runShopCli(argv, { NODE_ENV: 'test', DATA_DIR: dataDir });
    return { code, printed: lines.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('npm run shop -- mail', () => {
  it('--to prints the newest mail to that address, with its code, and says how many older ones there are', async () => {
    const { code, printed } = await shop('mail', '--to', 'Ada@Example.com');
    expect(code).toBe(0);
    expect(printed).toContain('to ada@example.com  Your FILO code: 444444');
    expect(printed).toContain('    Your code is 444444.');
    expect(printed).not.toContain('333333');
    expect(printed).not.toContain('222222');
    expect(printed).toContain('(2 older messages to ada@example.com: add --all to see them)');
  });

  it('--to with --all prints every mail to that address, newest first', async () => {
    const { printed } = await shop('mail', '--to', 'ada@example.com', '--all');
    const codes = [...printed.matchAll(/Your FILO code: (\d{6})/g)].map((match) => match[1]);
    expect(codes).toEqual(['444444', '333333', '111111']);
    expect(printed).not.toContain('older message');
  });

  it('without --to prints the newest mail the shop sent, to anyone', async () => {
    const { printed } = await shop('mail');
    expect(printed).toContain('to ada@example.com  Your FILO code: 444444');
    expect(printed).not.toContain('bea@example.com');
    expect(printed).toContain('(3 older messages: add --all to see them)');
  });

  it('says so when an address has no mail', async () => {
    expect(await shop('mail', '--to', 'nobody@example.com')).toEqual({ code: 0, printed: 'No mail yet.' });
  });

  it('names an unknown command with the usage, and fails', async () => {
    const { code, printed } = await shop('mails');
    expect(code).toBe(1);
    expect(printed).toContain('Unknown command: mails');
    expect(printed).toContain('mail [--to <email>] [--all]');
  });
});

describe('npm run shop -- export and erase', () => {
  it("writes a customer's data to a file and erases them at their request, asking for the email twice", async () => {
    const customer = shopper(api);
    const { user } = await customer.register();
    const file = join(dataDir, 'exports', 'customer.zip');
    const exported = await shop('export', user.email.toUpperCase(), file);
    expect(exported).toMatchObject({ code: 0, printed: expect.stringContaining(`The data of ${user.email} is in ${file}`) });
    const { data } = openDataArchive(await readFile(file));
    expect(data.account).toMatchObject({ email: user.email, user_type: 'registered' });

    const unconfirmed = await shop('erase', user.email);
    expect(unconfirmed).toMatchObject({
      code: 1,
      printed: expect.stringContaining('erase needs --confirm with the same email typed again'),
    });
    expect((await customer.get('/api/user/profile')).status).toBe(200);
    const erased = await shop('erase', user.email, '--confirm', user.email);
    expect(erased).toMatchObject({ code: 0, printed: expect.stringContaining(`${user.email} has been erased`) });
    expect((await customer.get('/api/user/profile')).status).toBe(401);
    expect(await shop('export', user.email, file)).toMatchObject({ code: 1, printed: `No customer has the email ${user.email}` });
  });
});
