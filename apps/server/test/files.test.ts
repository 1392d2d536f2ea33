import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/storage/s3-storage';
import { createLocalStorage } from '../src/storage/local-storage';
import { uploadsDirOf } from '../src/storage/storage-of';
import { checkContract, type TestClient } from './http-client';
import { adminOf, ADMIN_ENV, newUser } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';

/**
 * File storage (issue 14, decision 0045): uploads are streamed, sniffed by their bytes, re-encoded without
 * metadata when images, kept on disk (or in S3), and served only to their owner and admins.
 */
const LIMIT = 11 * 1024 * 1024;
const MB = 1024 * 1024;
let server: TestServer;
let admin: TestClient;
let owner: { client: TestClient; id: string };
let stranger: { client: TestClient; id: string };

beforeAll(async () => {
  server = await startTestServer({ ...ADMIN_ENV, UPLOAD_MAX_BYTES: String(LIMIT) });
  admin = await adminOf(server);
  owner = await newUser(server, 'Olive Owner');
  stranger = await newUser(server, 'Sam Stranger');
});
afterAll(() => server?.stop());

type Part = { bytes: Uint8Array<ArrayBuffer>; name: string; type?: string };

/** A multipart POST as a page of the app sends it (its Origin, its cookie); JSON answers are checked against the contract. */
async function upload(base: string, client: TestClient | null, parts: { purpose?: string; file?: Part }, headers: Record<string, string> = {}) {
  const form = new FormData();
  if (parts.purpose !== undefined) form.append('purpose', parts.purpose);
  if (parts.file) form.append('file', new Blob([parts.file.bytes], { type: parts.file.type ?? 'application/octet-stream' }), parts.file.name);
  const url = new URL('/api/files', base);
  const res = await fetch(url, {
    method: 'POST',
    body: form,
    headers: { origin: base, ...(client?.cookies.size ? { cookie: client.cookieHeader } : {}), ...headers },
  });
  const body = (await res.json().catch(() => null)) as any;
  checkContract('POST', url, res.status, body, res.headers.get('content-type') ?? '');
  return { status: res.status, body };
}

/** The bytes of GET /api/files/:id (binary: not through the JSON client); its content type and error answers are checked against the contract and the OpenAPI document. */
async function download(base: string, client: TestClient | null, id: string) {
  const url = new URL(`/api/files/${id}`, base);
  const res = await fetch(url, { headers: client?.cookies.size ? { cookie: client.cookieHeader } : {} });
  const bytes = Buffer.from(await res.arrayBuffer());
  checkContract('GET', url, res.status, res.status >= 400 ? JSON.parse(bytes.toString('utf8')) : null, res.headers.get('content-type') ?? '');
  return { status: res.status, headers: res.headers, bytes };
}

const post = (client: TestClient | null, parts: { purpose?: string; file?: Part }, headers?: Record<string, string>) =>
  upload(server.url, client, parts, headers);
const get = (client: TestClient | null, id: string) => download(server.url, client, id);

const fileRows = async (ownerId: string) =>
  Number(
    (
      await server.services.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Every file under DATA_DIR/uploads, temporary ones included. */
async function filesOnDisk(dir = uploadsDirOf(server.services.env)): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A 64 × 48 photo as a phone writes it: EXIF with the camera's make and GPS position, turned 90° by its Orientation tag. */
async function phonePhoto() {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'OpenRideCam', Model: 'Phone 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 47/1 3/1', GPSLongitudeRef: 'W', GPSLongitude: '122/1 24/1 9/1' },
    })
    .toBuffer();
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** An ELF executable's header, and a Windows one's, named like photos. */
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120)]);
const MZ = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126, 0x90)]);

describe('POST /api/files and GET /api/files/:id (local disk)', () => {
  it('re-encodes a phone photo: EXIF and GPS gone, orientation applied to the pixels, and serves it back to its owner with the safe headers', async () => {
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    // The fixture really carries what must go.
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes('OpenRideCam')).toBe(true);
    expect(photo.includes('OpenRideCam')).toBe(true);

    const res = await post(owner.client, { purpose: 'driver_document', file: { bytes: photo, name: '../../etc/licence \u202efront.jpg', type: 'image/jpeg' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.file).toMatchObject({ purpose: 'driver_document', content_type: 'image/jpeg', name: 'licence front.jpg' });

    const served = await get(owner.client, res.body.file.id);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('content-disposition')).toMatch(/^inline\b/);
    expect(served.headers.get('content-disposition')).not.toContain('licence');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('private, no-store');
    expect(served.bytes.length).toBe(res.body.file.size);
    expect(sha256(served.bytes)).toBe(res.body.file.sha256);
    const after = await sharp(served.bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(served.bytes.includes('OpenRideCam')).toBe(false);
    expect(served.bytes.includes('Exif')).toBe(false);
    // Turned upright: the 64 × 48 landscape with "rotate 90°" is stored as 48 × 64.
    expect([after.width, after.height]).toEqual([48, 64]);

    // On disk under a key the server made (not the client's name), with exactly the served bytes.
    const row = await server.services.db.selectFrom('files').selectAll().where('id', '=', res.body.file.id).executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(/^files\/\d{4}-\d{2}\/[0-9a-f-]{36}$/);
    const onDisk = await fs.readFile(path.join(uploadsDirOf(server.services.env), row.storage_key));
    expect(onDisk.equals(served.bytes)).toBe(true);
    // Not a public folder: the static app knows nothing of DATA_DIR/uploads.
    expect((await fetch(new URL(`/uploads/${row.storage_key}`, server.url))).status).not.toBe(200);
    expect((await fetch(new URL(`/${row.storage_key}`, server.url))).status).not.toBe(200);
  });

  it('accepts PNG, WebP and PDF by their bytes, whatever the name or the browser says', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#00ff0080' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0000ff' } })
      .webp()
      .toBuffer();
    for (const [bytes, name, type] of [
      [png, 'scan.bin', 'image/png'],
      [webp, 'car.jpg', 'image/webp'],
      [PDF, 'policy', 'application/pdf'],
    ] as const) {
      const res = await post(owner.client, { purpose: 'insurance', file: { bytes, name, type: 'application/octet-stream' } });
      expect(res.status, name).toBe(201);
      expect(res.body.file.content_type, name).toBe(type);
      const served = await get(owner.client, res.body.file.id);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      if (type === 'application/pdf') expect(served.bytes.equals(PDF)).toBe(true);
      else expect((await sharp(served.bytes).metadata()).format).toBe(type === 'image/png' ? 'png' : 'webp');
    }
  });

  it('refuses a renamed executable (ELF, MZ), text, and a damaged image, keeping nothing', async () => {
    const rows = await fileRows(owner.id);
    const disk = await filesOnDisk();
    for (const [bytes, name] of [
      [ELF, 'photo.jpg'],
      [MZ, 'licence.pdf'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'page.png'],
    ] as const) {
      const res = await post(owner.client, { purpose: 'driver_document', file: { bytes, name, type: 'image/jpeg' } });
      expect(res.status, name).toBe(415);
      expect(res.body.error.code).toBe('FILE_TYPE_NOT_ALLOWED');
      expect(res.body.error.message).toContain('Upload a JPEG, PNG or WebP photo, or a PDF');
    }
    expect((await post(owner.client, { purpose: 'support', file: { bytes: ELF, name: 'x.jpg' } })).body.error.message).toContain('(the file is ELF)');

    const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF'), Buffer.alloc(4000, 0x41)]);
    const res = await post(owner.client, { purpose: 'vehicle_photo', file: { bytes: damaged, name: 'car.jpg', type: 'image/jpeg' } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('FILE_UNREADABLE');

    expect(await fileRows(owner.id)).toBe(rows);
    expect(await filesOnDisk()).toEqual(disk);
  });

  // Before the 413 test: the browser-like client there still writes an 11 MB body in the background after its answer.
  it('streams: a 10 MB upload holds far less than 10 MB in memory', async () => {
    const bound = 0.8 * 10 * MB;
    // A route that buffered holds the whole body and more (the control: 10 MB and up, 20 MB in one CI run); a
    // streaming one holds what is in flight. Out of process, the server's share alone is measured: 0.3–0.6 MB
    // since the route reads the Node request itself (through the Fetch adapter's web stream, which reads ahead of
    // a slow consumer, it held 6.9 to 12.5 MB on a loaded machine). The bound is the whole file less a fifth.
    // The sampler reads this whole process, and a worker that ran other files before this one (isolate: false)
    // may still be busy with what they left (one scaled CI run read more than 8 MB once): the least of up to three
    // uploads is judged. A buffering route holds the file every time, so it cannot pass.
    const tries: Array<Record<string, number>> = [];
    let least = Infinity;
    for (let attempt = 0; attempt < 3 && least >= bound; attempt++) {
      const uploader = await newUser(server, `Mo Memory ${attempt + 1}`);
      // The client runs in a child process, so what this process holds is the server's alone.
      const upload = await peakMemoryDuring((sample) => streamUploadFromChild(uploader.client, 10 * MB, server.url, sample));
      expect(upload.result.status).toBe(201);
      expect(upload.result.body.file.size).toBe(10 * MB);
      expect(upload.peak.samples).toBeGreaterThanOrEqual(10);
      tries.push(upload.figures);
      least = Math.min(least, upload.peak.arrayBuffers);
    }
    // The control: the body read whole, as a buffering route would, is seen by the same sampler.
    const buffered = await peakMemoryDuring((sample) => new Response(multipartStream(10 * MB, sample).body).arrayBuffer());
    expect(buffered.result.byteLength).toBeGreaterThan(10 * MB);
    expect(buffered.peak.arrayBuffers).toBeGreaterThan(bound);
    console.log(
      `10 MB upload, peak live growth over the baseline (the server in this process, the client in a child): streamed ${JSON.stringify(tries)}; the same body buffered ${JSON.stringify(buffered.figures)}`,
    );
    expect(least).toBeLessThan(bound);
  });

  it('refuses an upload over UPLOAD_MAX_BYTES with 413, whether it says its length or streams it, keeping nothing', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(LIMIT + 100 * 1024 - PDF.length, 0x20)]);
    // Exactly at the limit is fine.
    const atLimit = await post(owner.client, { purpose: 'insurance', file: { bytes: big.subarray(0, LIMIT), name: 'edge.pdf' } });
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.file.size).toBe(LIMIT);

    const rows = await fileRows(owner.id);
    const disk = await filesOnDisk();
    // A declared length over the limit: refused before a byte is read.
    const declared = await post(owner.client, { purpose: 'insurance', file: { bytes: big, name: 'big.pdf' } });
    expect(declared.status).toBe(413);
    expect(declared.body.error).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'This file is too large. The limit is 11 MB.' });

    // No length (chunked): refused at the byte that crosses the limit, the put abandoned.
    const streamed = await streamUpload(owner.client, LIMIT + 10 * 1024);
    expect(streamed.status).toBe(413);
    expect(streamed.body.error.code).toBe('FILE_TOO_LARGE');

    expect(await fileRows(owner.id)).toBe(rows);
    expect(await filesOnDisk()).toEqual(disk);
  });

  it("an oversized upload with its length declared, sent at a phone link's speed and read when sent, gets the 413 and its words every time (8 of 8), marked Connection: close", async () => {
    const uploader = await newUser(server, 'Rae Rawsocket');
    // Eight at once, each about a second long.
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => rawOversizedUpload(uploader.client, LIMIT + MB)));
    expect(outcomes).toEqual(
      outcomes.map(() => ({
        status: 413,
        connection: 'close',
        code: 'FILE_TOO_LARGE',
        message: 'This file is too large. The limit is 11 MB.',
        errorBeforeAnswer: null,
      })),
    );
  });

  it('wants a purpose from the list, one file field, multipart, and a signed-in caller', async () => {
    const file = { bytes: PDF, name: 'a.pdf' };
    expect((await post(owner.client, { file })).body.error.message).toBe('Say what the file is for in the field "purpose".');
    const wrong = await post(owner.client, { purpose: 'selfie', file });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toContain('purpose must be one of driver_document, insurance, vehicle_photo, support');
    expect((await post(owner.client, { purpose: 'support' })).body.error.message).toBe('Add the file in the field "file".');
    const json = await owner.client.post('/api/files', { purpose: 'support' });
    expect(json.status).toBe(415);
    const visitor = await post(null, { purpose: 'support', file });
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.code).toBe('UNAUTHORIZED');
  });

  it("refuses a multipart POST from another site's page (its Origin, or a cross-site fetch without one), keeping nothing", async () => {
    const rows = await fileRows(owner.id);
    const disk = await filesOnDisk();
    const file = { bytes: PDF, name: 'a.pdf' };
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: server.url.replace('localhost', 'localhost.evil.example') },
      // A browser that sent no Origin still says the request is cross-site.
      { origin: '', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of refused) {
      const res = await post(owner.client, { purpose: 'support', file }, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.error.message).toBe("Uploads are accepted only from this site's own pages.");
    }
    // A page of the very host the request reached is fine, as for the WebSocket (here 127.0.0.1, not PUBLIC_URL's localhost).
    expect((await upload(server.url.replace('localhost', '127.0.0.1'), owner.client, { purpose: 'support', file })).status).toBe(201);
    expect(await fileRows(owner.id)).toBe(rows + 1);
    expect((await filesOnDisk()).length).toBe(disk.length + 2);
  });

  it('refuses a user past 30 uploads in 10 minutes with 429, before reading the file', async () => {
    const busy = await newUser(server, 'Bea Busy');
    await server.services.usage.uploadPerUser.consume(busy.id, 30);
    const res = await post(busy.client, { purpose: 'support', file: { bytes: PDF, name: 'a.pdf' } });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('TOO_MANY_UPLOADS');
    expect(await fileRows(busy.id)).toBe(0);
    // Another user is not affected.
    expect((await post(stranger.client, { purpose: 'support', file: { bytes: PDF, name: 'a.pdf' } })).status).toBe(201);
  });

  it('serves a file to its owner and to admins only: another user reads 404 (as for no file at all), a visitor 401', async () => {
    const res = await post(owner.client, { purpose: 'driver_document', file: { bytes: PDF, name: 'licence.pdf' } });
    const { id } = res.body.file;
    expect((await get(owner.client, id)).status).toBe(200);
    const asAdmin = await get(admin, id);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.bytes.equals(PDF)).toBe(true);

    const other = await get(stranger.client, id);
    expect(other.status).toBe(404);
    const nobody = await get(stranger.client, randomUUID());
    expect(JSON.parse(other.bytes.toString())).toEqual(JSON.parse(nobody.bytes.toString()));
    expect((await get(stranger.client, 'not-a-uuid')).status).toBe(404);
    expect((await get(null, id)).status).toBe(401);

    // A deleted file is gone for everyone.
    await server.services.db.updateTable('files').set({ deleted_at: new Date() }).where('id', '=', id).execute();
    expect((await get(owner.client, id)).status).toBe(404);
    expect((await get(admin, id)).status).toBe(404);
  });
});

/**
 * A multipart body (purpose insurance, a PDF of `size` bytes) made as it is sent, 64 KB at a time: the client
 * holds one chunk. `everyMegabyte` runs each time another MB is handed over.
 */
function multipartStream(size: number, everyMegabyte?: () => void) {
  const boundary = `----openride${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ninsurance\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let left = size - '%PDF-1.4\n'.length;
  let sentHead = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sentHead) {
        sentHead = true;
        controller.enqueue(head);
      } else if (left > 0) {
        const n = Math.min(left, chunk.length);
        controller.enqueue(n === chunk.length ? chunk : chunk.subarray(0, n));
        left -= n;
        if (everyMegabyte && Math.floor((left + n) / MB) !== Math.floor(left / MB)) everyMegabyte();
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The upload of `multipartStream(size)` with no Content-Length (chunked), as a client that does not say its length sends it. */
/**
 * A client as a browser's upload is: one TCP connection, the request's head with its Content-Length, then the
 * whole body written as fast as a phone's link takes it (256 KB every 20 ms, about 12 MB/s: a second for this
 * body), the answer read once the body is written (or the socket fails). It reads the answer (status,
 * headers, JSON body) and records any socket error (ECONNRESET, EPIPE) that came before the answer was read.
 */
async function rawOversizedUpload(client: TestClient, size: number) {
  const { port } = new URL(server.url);
  const boundary = `----openride${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ninsurance\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  const fill = size - '%PDF-1.4\n'.length;
  const length = head.length + fill + tail.length;
  const socket = net.connect(Number(port), '127.0.0.1');
  return new Promise<{ status: number; connection: string | undefined; code: string; message: string; errorBeforeAnswer: string | null }>((resolve) => {
    let received = Buffer.alloc(0);
    let settled = false;
    const answer = () => {
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return null;
      const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const body = received.subarray(end + 4);
      if (body.length < Number(headers['content-length'])) return null;
      const json = JSON.parse(body.subarray(0, Number(headers['content-length'])).toString('utf8'));
      return { status: Number(statusLine!.split(' ')[1]), connection: headers.connection, code: json.error?.code, message: json.error?.message };
    };
    const finish = (errorBeforeAnswer: string | null) => {
      if (settled) return;
      const read = answer();
      if (!read && !errorBeforeAnswer) return;
      settled = true;
      socket.destroy();
      if (read) resolve({ ...read, errorBeforeAnswer: null });
      else resolve({ status: 0, connection: undefined, code: '', message: '', errorBeforeAnswer });
    };
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      finish(null);
    });
    socket.on('error', (err: NodeJS.ErrnoException) => finish(err.code ?? err.message));
    socket.on('close', () => finish('closed before the answer'));
    // The answer is read once the whole body is written, as a browser does.
    socket.pause();
    socket.on('connect', () => {
      socket.write(
        `POST /api/files HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${server.url}\r\nCookie: ${client.cookieHeader}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n`,
      );
      socket.write(head);
      let left = fill;
      const more = () => {
        if (settled) return;
        if (left <= 0) return void socket.write(tail, () => socket.resume());
        const n = Math.min(left, chunk.length);
        left -= n;
        socket.write(n === chunk.length ? chunk : chunk.subarray(0, n), () => setTimeout(more, 20));
      };
      more();
    });
  });
}

async function streamUpload(client: TestClient, size: number, base = server.url, everyMegabyte?: () => void) {
  const { body, contentType } = multipartStream(size, everyMegabyte);
  const url = new URL('/api/files', base);
  const res = await fetch(url, {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { origin: base, cookie: client.cookieHeader, 'content-type': contentType },
  } as RequestInit);
  const json = (await res.json().catch(() => null)) as any;
  checkContract('POST', url, res.status, json, res.headers.get('content-type') ?? '');
  return { status: res.status, body: json };
}

/**
 * `streamUpload` from a child process (the same chunked multipart body, no Content-Length): the child tells
 * this process each megabyte it has handed to its socket, and this process samples its own memory then.
 */
async function streamUploadFromChild(client: TestClient, size: number, base: string, everyMegabyte: () => void) {
  const url = new URL('/api/files', base);
  const child = spawn(process.execPath, ['--input-type=module', '-e', UPLOAD_CHILD], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, UPLOAD_URL: url.href, UPLOAD_ORIGIN: base, UPLOAD_COOKIE: client.cookieHeader, UPLOAD_SIZE: String(size) },
  });
  const answer = await new Promise<{ status: number; body: any; contentType: string }>((resolve, reject) => {
    child.on('message', (m: any) => (m === 'mb' ? everyMegabyte() : resolve(m)));
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the upload child exited (${code}) without an answer`)));
  });
  checkContract('POST', url, answer.status, answer.body, answer.contentType);
  return { status: answer.status, body: answer.body };
}

/** The child's program: multipartStream's body, written by fetch as a chunked upload. */
const UPLOAD_CHILD = `
const MB = 1024 * 1024;
const size = Number(process.env.UPLOAD_SIZE);
const boundary = '----openride' + crypto.randomUUID();
const head = new TextEncoder().encode('--' + boundary + '\\r\\nContent-Disposition: form-data; name="purpose"\\r\\n\\r\\ninsurance\\r\\n--' + boundary + '\\r\\nContent-Disposition: form-data; name="file"; filename="big.pdf"\\r\\nContent-Type: application/pdf\\r\\n\\r\\n%PDF-1.4\\n');
const tail = new TextEncoder().encode('\\r\\n--' + boundary + '--\\r\\n');
const chunk = new Uint8Array(64 * 1024).fill(0x20);
let left = size - '%PDF-1.4\\n'.length;
let sentHead = false;
const body = new ReadableStream({
  pull(controller) {
    if (!sentHead) { sentHead = true; controller.enqueue(head); }
    else if (left > 0) {
      const n = Math.min(left, chunk.length);
      controller.enqueue(n === chunk.length ? chunk : chunk.subarray(0, n));
      left -= n;
      if (Math.floor((left + n) / MB) !== Math.floor(left / MB)) process.send('mb');
    } else { controller.enqueue(tail); controller.close(); }
  },
});
const res = await fetch(process.env.UPLOAD_URL, { method: 'POST', body, duplex: 'half', headers: { origin: process.env.UPLOAD_ORIGIN, cookie: process.env.UPLOAD_COOKIE, 'content-type': 'multipart/form-data; boundary=' + boundary } });
const text = await res.text();
let json = null;
try { json = JSON.parse(text); } catch {}
process.send({ status: res.status, body: json, contentType: res.headers.get('content-type') ?? '' }, () => process.exit(0));
`;

/**
 * The peak growth of live memory while `work` runs, over a baseline. `work` calls `sample` as it goes (here
 * at each MB sent), and it is called once more when `work` has resolved, while its result is still held.
 * Each sample follows a full collection, so spent chunks V8 has not collected yet (it lets tens of MB pile
 * up) do not count as held; sampling by progress rather than by timer keeps the collections few.
 */
async function peakMemoryDuring<T>(work: (sample: () => void) => Promise<T>) {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  const base = process.memoryUsage();
  const peak = { heapUsed: 0, arrayBuffers: 0, rss: 0, samples: 0 };
  const sample = () => {
    gc();
    const now = process.memoryUsage();
    for (const k of ['heapUsed', 'arrayBuffers', 'rss'] as const) peak[k] = Math.max(peak[k], now[k] - base[k]);
    peak.samples++;
  };
  const result = await work(sample);
  sample();
  const figures = {
    samples: peak.samples,
    heapMB: +(peak.heapUsed / MB).toFixed(1),
    arrayBuffersMB: +(peak.arrayBuffers / MB).toFixed(1),
    rssMB: +(peak.rss / MB).toFixed(1),
  };
  return { result, peak, figures };
}

describe('storage drivers', () => {
  it('local disk: put, get, exists and delete round trip; keys never leave the folder; a failed put leaves nothing', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'openride-storage-'));
    try {
      const storage = await createLocalStorage(root);
      await storage.put('files/a/one', Readable.from([Buffer.from('hello '), Buffer.from('world')]), { contentType: 'application/pdf' });
      expect(await storage.exists('files/a/one')).toBe(true);
      const got = await storage.get('files/a/one');
      expect(got).toMatchObject({ size: 11, contentType: 'application/pdf' });
      expect(Buffer.concat(await got!.stream.toArray()).toString()).toBe('hello world');
      await storage.delete('files/a/one');
      expect(await storage.exists('files/a/one')).toBe(false);
      expect(await storage.get('files/a/one')).toBeNull();
      for (const key of ['../escape', 'files/../../x', '/etc/passwd', 'a\\b', 'files//x', '.tmp/x', 'a/./b', '']) {
        await expect(storage.put(key, Readable.from([Buffer.from('x')]), { contentType: 'application/pdf' }), key).rejects.toThrow(/storage key/);
      }
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(1024));
          this.destroy(new Error('cut off'));
        },
      });
      await expect(storage.put('files/a/two', failing, { contentType: 'application/pdf' })).rejects.toThrow('cut off');
      expect(await storage.exists('files/a/two')).toBe(false);
      expect(await filesOnDisk(root)).toEqual([]);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});

describe('S3-compatible storage (s3rver, a real S3 API on a free port)', () => {
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  let s3Server: TestServer | undefined;
  const BUCKET = 'openride-test';
  // s3rver's own account: it checks request signatures against these.
  const KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

  beforeAll(async () => {
    s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 'openride-s3-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const address = await s3.run();
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await s3Server?.stop();
    await s3?.close();
    await fs.rm(s3Dir, { recursive: true, force: true });
  });

  it('puts (multipart beyond 5 MB), gets, finds and deletes objects through the AWS SDK', async () => {
    const storage = createS3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      accessKeyId: KEYS.S3_ACCESS_KEY_ID,
      secretAccessKey: KEYS.S3_SECRET_ACCESS_KEY,
    });
    try {
      const small = Buffer.from('%PDF-1.4\nsmall');
      expect(await storage.put('files/t/small', Readable.from([small]), { contentType: 'application/pdf' })).toEqual({ size: small.length });
      const got = await storage.get('files/t/small');
      expect(got).toMatchObject({ size: small.length, contentType: 'application/pdf' });
      expect(Buffer.concat(await got!.stream.toArray()).equals(small)).toBe(true);

      // 6 MB in 64 KB chunks: two parts of a multipart upload.
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const large = Readable.from(
        (function* () {
          for (let i = 0; i < 96; i++) yield chunk;
        })(),
      );
      expect(await storage.put('files/t/large', large, { contentType: 'image/jpeg' })).toEqual({ size: 6 * MB });
      const big = await storage.get('files/t/large');
      expect(big?.size).toBe(6 * MB);
      expect(sha256(Buffer.concat(await big!.stream.toArray()))).toBe(sha256(Buffer.alloc(6 * MB, 0x61)));

      expect(await storage.exists('files/t/small')).toBe(true);
      await storage.delete('files/t/small');
      expect(await storage.exists('files/t/small')).toBe(false);
      expect(await storage.get('files/t/small')).toBeNull();
      await storage.delete('files/t/never-there');
    } finally {
      storage.close();
    }
  });

  it('the upload route end to end with S3_* set: stored in the bucket, nothing on disk, served back to the owner only', async () => {
    // 6 MB: an upload over it has sent one 5 MB part of a multipart upload when it is refused.
    s3Server = await startTestServer({
      ...ADMIN_ENV,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      UPLOAD_MAX_BYTES: String(6 * MB),
      ...KEYS,
    });
    expect(s3Server.services.storage.kind).toBe('s3');
    const me = await newUser(s3Server, 'Sasha S3');
    const other = await newUser(s3Server, 'Otto Other');
    const photo = await phonePhoto();
    const res = await upload(s3Server.url, me.client, { purpose: 'vehicle_photo', file: { bytes: photo, name: 'car.jpg', type: 'image/jpeg' } });
    expect(res.status).toBe(201);
    const row = await s3Server.services.db.selectFrom('files').selectAll().where('id', '=', res.body.file.id).executeTakeFirstOrThrow();
    expect(await s3Server.services.storage.exists(row.storage_key)).toBe(true);
    expect(await filesOnDisk(uploadsDirOf(s3Server.services.env))).toEqual([]);

    const served = await download(s3Server.url, me.client, row.id);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(sha256(served.bytes)).toBe(row.sha256);
    expect((await sharp(served.bytes).metadata()).exif).toBeUndefined();
    expect(served.bytes.includes('OpenRideCam')).toBe(false);
    expect((await download(s3Server.url, other.client, row.id)).status).toBe(404);

    // Refused uploads leave no object behind in the bucket either.
    // Objects only: s3rver does not implement AbortMultipartUpload, so the parts of the aborted upload stay in
    // its own ._S3rver_uploads folder (S3 deletes them on abort; a lifecycle rule sweeps any left behind).
    const objects = async () => (await filesOnDisk(s3Dir)).filter((f) => f.endsWith('._S3rver_object')).length;
    const before = await objects();
    expect((await upload(s3Server.url, me.client, { purpose: 'support', file: { bytes: ELF, name: 'x.jpg' } })).status).toBe(415);
    expect((await streamUpload(me.client, 6 * MB + 20 * 1024, s3Server.url)).status).toBe(413);
    expect(await objects()).toBe(before);
  });
});
