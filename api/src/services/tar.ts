import type { FileHandle } from 'node:fs/promises';

/**
 * The few parts of the POSIX tar format (ustar, with pax headers for long names) that backups need:
 * regular files written one after another, and an index of them read back. Any tar program opens
 * the result.
 */

const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1; // what the 11 octal digits of a ustar size hold (8 GiB)

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes, exactly `size` of them. */
  body: AsyncIterable<Uint8Array> | Uint8Array;
  modified?: Date;
}

function octal(header: Buffer, offset: number, length: number, value: number) {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
}

function header(name: string, size: number, type: '0' | 'x', modified: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  octal(block, 100, 8, 0o644);
  octal(block, 108, 8, 0);
  octal(block, 116, 8, 0);
  octal(block, 124, 12, size);
  octal(block, 136, 12, Math.floor(modified.getTime() / 1000));
  block.write(type, 156, 1, 'ascii');
  block.write('ustar\0' + '00', 257, 8, 'ascii');
  block.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

/** A pax record names the entry when its name does not fit the 100 ASCII bytes of ustar. */
function paxPath(name: string): Buffer {
  const body = ` path=${name}\n`;
  const bodyLength = Buffer.byteLength(body);
  // The record's length counts its own digits.
  let length = bodyLength + 1;
  while (String(length).length + bodyLength !== length) length = String(length).length + bodyLength;
  return Buffer.from(`${length}${body}`);
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The archive of `entries`, in order, as chunks to stream; a body shorter or longer than its size throws. */
export async function* tarArchive(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): AsyncGenerator<Uint8Array> {
  for await (const entry of entries) {
    if (entry.size > MAX_SIZE) throw new Error(`${entry.name} is too large for the archive`);
    const modified = entry.modified ?? new Date();
    const ascii = /^[\x20-\x7e]*$/.test(entry.name);
    if (!ascii || entry.name.length > 100) {
      const record = paxPath(entry.name);
      yield header('pax-header', record.length, 'x', modified);
      yield Buffer.concat([record, padding(record.length)]);
    }
    yield header(ascii ? entry.name.slice(0, 100) : 'long-name', entry.size, '0', modified);
    let written = 0;
    for await (const chunk of entry.body instanceof Uint8Array ? [entry.body] : entry.body) {
      written += chunk.length;
      if (written > entry.size) throw new Error(`${entry.name} grew while it was being archived`);
      yield chunk;
    }
    if (written !== entry.size) throw new Error(`${entry.name} shrank while it was being archived`);
    yield padding(entry.size);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Where an entry's bytes sit in the archive file. */
export interface TarIndexEntry {
  name: string;
  size: number;
  offset: number;
}

export class TarFormatError extends Error {}

function field(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

function number(block: Buffer, offset: number, length: number): number {
  const text = field(block, offset, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError('Not a tar archive (a header field is not a number)');
  return parseInt(text, 8);
}

function checksumOk(block: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i];
  return sum === number(block, 148, 8);
}

function paxRecords(body: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    const length = Number(body.subarray(at, space).toString('ascii'));
    if (space < 0 || !Number.isInteger(length) || length <= 0) break;
    const record = body.subarray(space + 1, at + length - 1).toString('utf8');
    const equals = record.indexOf('=');
    if (equals > 0) records[record.slice(0, equals)] = record.slice(equals + 1);
    at += length;
  }
  return records;
}

/**
 * The regular files of an archive, read from its headers only. Throws a TarFormatError when the file
 * is not a tar archive or was cut short (no end marker), so nothing is restored from half a backup.
 */
export async function tarIndex(file: FileHandle): Promise<TarIndexEntry[]> {
  const { size: fileSize } = await file.stat();
  const entries: TarIndexEntry[] = [];
  const block = Buffer.alloc(BLOCK);
  let at = 0;
  let longName: string | undefined;
  for (;;) {
    if (at + BLOCK > fileSize) throw new TarFormatError('The archive is cut short (no end marker)');
    await file.read(block, 0, BLOCK, at);
    at += BLOCK;
    if (block.every((byte) => byte === 0)) return entries;
    if (!checksumOk(block)) throw new TarFormatError('Not a tar archive (a header checksum is wrong)');
    const size = number(block, 124, 12);
    const type = String.fromCharCode(block[156]);
    if (at + size > fileSize) throw new TarFormatError('The archive is cut short');
    if (type === 'x') {
      const body = Buffer.alloc(size);
      await file.read(body, 0, size, at);
      longName = paxRecords(body).path ?? longName;
    } else if (type === '0' || type === '\0') {
      const prefix = field(block, 345, 155);
      const name = longName ?? (prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100));
      entries.push({ name, size, offset: at });
      longName = undefined;
    }
    at += size + ((BLOCK - (size % BLOCK)) % BLOCK);
  }
}

/** One entry's bytes. */
export async function readTarEntry(file: FileHandle, entry: TarIndexEntry): Promise<Buffer<ArrayBuffer>> {
  const body = Buffer.alloc(entry.size);
  if (entry.size) await file.read(body, 0, entry.size, entry.offset);
  return body;
}
