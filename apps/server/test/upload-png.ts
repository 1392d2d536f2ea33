import sharp from 'sharp';
import { expect } from 'vitest';
import { checkContract, type TestClient } from './http-client';

/**
 * A small PNG uploaded through POST /api/files as the app's pages send it (multipart, its Origin and the
 * caller's cookie), checked against the contract; answers the stored file's id.
 */
export async function uploadPng(server: { url: string }, client: TestClient, purpose: string, name = 'photo.png') {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  const url = new URL('/api/files', server.url);
  const res = await fetch(url, { method: 'POST', body: form, headers: { origin: server.url, cookie: client.cookieHeader } });
  const body = (await res.json()) as { file: { id: string } };
  checkContract('POST', url, res.status, body, res.headers.get('content-type') ?? '');
  expect(res.status).toBe(201);
  return body.file.id;
}
