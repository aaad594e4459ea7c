import { execFileSync } from 'node:child_process';
import { mkdtemp, open, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readTarEntry, tarArchive, type TarEntry, TarFormatError, tarIndex } from './tar';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tar-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function write(name: string, entries: TarEntry[]): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of tarArchive(entries)) chunks.push(chunk);
  const path = join(dir, name);
  await writeFile(path, Buffer.concat(chunks));
  return path;
}

async function* pieces(...parts: string[]) {
  for (const part of parts) yield Buffer.from(part);
}

const longName = `storage/cards/${'deep/'.repeat(30)}face-é.webp`;
const binary = Buffer.from(Array.from({ length: 1500 }, (_, i) => (i * 7) % 256));
const entries = (): TarEntry[] => [
  { name: 'manifest.json', size: 2, body: Buffer.from('{}') },
  { name: 'empty', size: 0, body: Buffer.alloc(0) },
  { name: 'streamed.txt', size: 11, body: pieces('hello', ' ', 'world') },
  { name: longName, size: binary.length, body: binary },
];

describe('tar archives', () => {
  it('read back every entry, names over 100 bytes and non-ASCII included', async () => {
    const path = await write('round-trip.tar', entries());
    const file = await open(path, 'r');
    try {
      const index = await tarIndex(file);
      expect(index.map((e) => [e.name, e.size])).toEqual([
        ['manifest.json', 2],
        ['empty', 0],
        ['streamed.txt', 11],
        [longName, 1500],
      ]);
      expect((await readTarEntry(file, index[2])).toString()).toBe('hello world');
      expect(await readTarEntry(file, index[3])).toEqual(binary);
    } finally {
      await file.close();
    }
  });

  it('are what the system tar reads', async () => {
    const path = await write('system.tar', entries());
    const listed = execFileSync('tar', ['-tf', path], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(['manifest.json', 'empty', 'streamed.txt', longName]);
    const out = join(dir, 'extracted');
    execFileSync('mkdir', ['-p', out]);
    execFileSync('tar', ['-xf', path, '-C', out]);
    expect(await readFile(join(out, longName))).toEqual(binary);
  });

  it('refuse an archive cut short, and a file that is not one', async () => {
    const path = await write('cut.tar', entries());
    await truncate(path, 1536);
    const cut = await open(path, 'r');
    await expect(tarIndex(cut)).rejects.toThrow(TarFormatError);
    await cut.close();
    const notTar = join(dir, 'not.tar');
    await writeFile(notTar, 'x'.repeat(2048));
    const other = await open(notTar, 'r');
    await expect(tarIndex(other)).rejects.toThrow(TarFormatError);
    await other.close();
  });

  it('refuse an entry whose body is not the size announced', async () => {
    await expect(write('short.tar', [{ name: 'a', size: 5, body: Buffer.from('abc') }])).rejects.toThrow('shrank');
    await expect(write('long.tar', [{ name: 'a', size: 2, body: pieces('abc') }])).rejects.toThrow('grew');
  });
});
