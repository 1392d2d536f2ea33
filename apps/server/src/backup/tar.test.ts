import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { firstEntryName, readTar, TarFormatError, TarWriter } from './tar';

async function archive(build: (tar: TarWriter) => Promise<void>) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const tar = new TarWriter(out);
  await build(tar);
  await tar.finish();
  out.end();
  return Buffer.concat(chunks);
}

describe('the backup archive tar', () => {
  const long = `files/uploads/${'a'.repeat(60)}/${'b'.repeat(60)}/photo.jpg`;

  it('reads back what it writes, names over 100 bytes included', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'openride-tar-'));
    const file = path.join(dir, 'f.bin');
    await fs.writeFile(file, Buffer.alloc(1300, 9));
    const buf = await archive(async (tar) => {
      await tar.addBuffer('openride-backup.json', Buffer.from('{"a":1}'));
      await tar.addBuffer('empty', Buffer.alloc(0));
      await tar.addFile(long, file, 1300, Date.now());
    });
    expect(buf.length % 512).toBe(0);
    expect(firstEntryName(buf)).toBe('openride-backup.json');
    const entries = readTar(buf);
    expect(entries.map((e) => e.name)).toEqual(['openride-backup.json', 'empty', long]);
    expect(entries[0]!.data.toString()).toBe('{"a":1}');
    expect(entries[2]!.data).toEqual(Buffer.alloc(1300, 9));
    // Any tar reads it: the system's lists the same names.
    await fs.writeFile(path.join(dir, 'x.tar'), buf);
    expect(
      execFileSync('tar', ['tf', path.join(dir, 'x.tar')], { encoding: 'utf8' })
        .trim()
        .split('\n'),
    ).toEqual(['openride-backup.json', 'empty', long]);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('refuses what is not a tar, or is cut short', async () => {
    expect(firstEntryName(Buffer.alloc(512, 65))).toBeNull();
    expect(() => readTar(Buffer.from('hello'.repeat(200)))).toThrow(TarFormatError);
    const buf = await archive((tar) => tar.addBuffer('x', Buffer.alloc(2000, 1)));
    expect(() => readTar(buf.subarray(0, 1024))).toThrow(/cut short/);
    expect(() => readTar(buf.subarray(0, buf.length - 1024))).toThrow(/cut short/);
  });
});
