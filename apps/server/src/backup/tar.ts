import { once } from 'node:events';
import fs from 'node:fs';
import type { Writable } from 'node:stream';

/**
 * The little of POSIX tar (ustar, with pax records for names over 100 bytes) the backup archive needs:
 * regular files only, written to a stream and read back from a buffer. Any `tar` reads what this writes
 * (`tar tf openride.backup`); the reader refuses anything it did not expect instead of guessing.
 */

const BLOCK = 512;

export class TarFormatError extends Error {}

function octal(value: number, width: number) {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, type: '0' | 'x', mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write(type, 156, 'ascii');
  h.write('ustar\0' + '00', 257, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(octal(sum, 7) + ' ', 148, 'ascii');
  return h;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** A pax record `"<len> path=<name>\n"`, whose length counts its own digits. */
function paxPath(name: string) {
  const body = ` path=${name}\n`;
  const bodyLength = Buffer.byteLength(body);
  let total = bodyLength + 1;
  while (String(total).length + bodyLength !== total) total = String(total).length + bodyLength;
  return Buffer.from(`${total}${body}`);
}

export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer) {
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  private async head(name: string, size: number, mtime: number) {
    if (Buffer.byteLength(name) > 100) {
      const pax = paxPath(name);
      await this.write(header('PaxHeader', pax.length, 'x', mtime));
      await this.write(pax);
      await this.write(padding(pax.length));
    }
    await this.write(header(name.length > 100 ? name.slice(0, 100) : name, size, '0', mtime));
  }

  async addBuffer(name: string, data: Uint8Array, mtime = Date.now()) {
    await this.head(name, data.length, mtime);
    await this.write(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    await this.write(padding(data.length));
  }

  /** Exactly `size` bytes of the file (as stat saw it): a file that shrank meanwhile is an error, one that grew is cut. */
  async addFile(name: string, file: string, size: number, mtime: number) {
    await this.head(name, size, mtime);
    let copied = 0;
    if (size > 0) {
      for await (const chunk of fs.createReadStream(file, { start: 0, end: size - 1 })) {
        copied += (chunk as Buffer).length;
        await this.write(chunk as Buffer);
      }
    }
    if (copied !== size) throw new Error(`${file} changed size while it was being copied`);
    await this.write(padding(size));
  }

  /** Two empty blocks end the archive. */
  async finish() {
    await this.write(Buffer.alloc(BLOCK * 2));
  }
}

export type TarEntry = { name: string; data: Buffer };

function readOctal(block: Buffer, offset: number, width: number) {
  const text = block
    .toString('ascii', offset, offset + width)
    .replace(/[\0 ]+$/, '')
    .trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError('not a tar archive (a header has no valid number)');
  return parseInt(text, 8);
}

function readString(block: Buffer, offset: number, width: number) {
  const end = block.indexOf(0, offset);
  return block.toString('utf8', offset, end === -1 || end > offset + width ? offset + width : end);
}

/** True when `block` is a tar header whose checksum adds up: the cheap test of "is this a tar at all". */
export function isTarHeader(block: Buffer) {
  if (block.length < BLOCK) return false;
  try {
    const expected = readOctal(block, 148, 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
    return sum === expected;
  } catch {
    return false;
  }
}

/** The first entry's name, if `head` (at least 512 bytes of a file) starts like a tar archive. */
export function firstEntryName(head: Buffer): string | null {
  return isTarHeader(head) ? readString(head, 0, 100) : null;
}

/** Every regular file of an archive, in order. Throws TarFormatError on anything else or a cut archive. */
export function readTar(buf: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  let longName: string | undefined;
  for (;;) {
    if (offset + BLOCK > buf.length) throw new TarFormatError('the archive is cut short (no end marker)');
    const block = buf.subarray(offset, offset + BLOCK);
    if (block.every((b) => b === 0)) return entries;
    if (!isTarHeader(block)) throw new TarFormatError(`not a tar archive (bad header at byte ${offset})`);
    const size = readOctal(block, 124, 12);
    const type = String.fromCharCode(block[156]!);
    const start = offset + BLOCK;
    if (start + size > buf.length) throw new TarFormatError('the archive is cut short (an entry is incomplete)');
    const data = buf.subarray(start, start + size);
    offset = start + size + ((BLOCK - (size % BLOCK)) % BLOCK);
    if (type === 'x') {
      const match = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(data.toString('utf8'));
      longName = match?.[1];
      continue;
    }
    if (type !== '0' && type !== '\0') throw new TarFormatError(`unexpected tar entry of type '${type}'`);
    const prefix = readString(block, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${readString(block, 0, 100)}` : readString(block, 0, 100));
    longName = undefined;
    entries.push({ name, data });
  }
}
