import { describe, expect, it } from 'vitest';
import { errorText } from '@openride/shared/error-text';
import { ApiError } from './api';
import { uploadFile } from './upload';

/** Just enough of XMLHttpRequest to answer one upload: records what was sent, answers `status` with `body`. */
class FakeRequest {
  status = 0;
  responseText = '';
  responseType = '';
  sent: FormData | undefined;
  opened: [string, string] | undefined;
  headers: Record<string, string> = {};
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor(private readonly answer: { status: number; body: unknown }) {}
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(form: FormData) {
    this.sent = form;
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    this.status = this.answer.status;
    this.responseText = JSON.stringify(this.answer.body);
    queueMicrotask(() => this.onload?.());
  }
  abort() {
    queueMicrotask(() => this.onabort?.());
  }
}

const stored = {
  id: '3b0f3f7e-4a53-4c57-9a55-0d7e1c1f5b10',
  purpose: 'insurance',
  content_type: 'application/pdf',
  size: 9,
  sha256: 'a'.repeat(64),
  name: 'policy.pdf',
  created_at: '2026-11-25T20:00:00.000Z',
};

describe('uploadFile', () => {
  it('posts the purpose and the file as multipart to /api/files, reports progress, and resolves with the stored file', async () => {
    const request = new FakeRequest({ status: 201, body: { file: stored } });
    const progress: number[] = [];
    const file = new File(['%PDF-1.4\n'], 'policy.pdf', { type: 'application/pdf' });
    const result = await uploadFile(file, {
      purpose: 'insurance',
      onProgress: (p) => progress.push(p),
      createRequest: () => request as unknown as XMLHttpRequest,
    });
    expect(result).toEqual(stored);
    expect(request.opened).toEqual(['POST', '/api/files']);
    expect(request.sent?.get('purpose')).toBe('insurance');
    expect((request.sent?.get('file') as File).name).toBe('policy.pdf');
    expect(progress).toEqual([50, 100]);
  });

  it("rejects with the server's words and code", async () => {
    const message = 'This file type is not accepted (the file is EXE). Upload a JPEG, PNG or WebP photo, or a PDF.';
    const request = new FakeRequest({ status: 415, body: { error: { code: 'FILE_TYPE_NOT_ALLOWED', message } } });
    const failure = uploadFile(new File(['MZ'], 'photo.jpg'), { purpose: 'support', createRequest: () => request as unknown as XMLHttpRequest });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 415, code: 'FILE_TYPE_NOT_ALLOWED', message });
  });

  it("falls back to the code's words when the body has none", async () => {
    const request = new FakeRequest({ status: 429, body: { error: { code: 'TOO_MANY_UPLOADS', message: '' } } });
    await expect(uploadFile(new File(['x'], 'a.png'), { purpose: 'support', createRequest: () => request as unknown as XMLHttpRequest })).rejects.toMatchObject(
      { message: errorText('TOO_MANY_UPLOADS') },
    );
  });

  it('refuses a file over the limit before sending a byte', async () => {
    let created = 0;
    const failure = uploadFile(new File([new Uint8Array(2048)], 'big.jpg'), {
      purpose: 'vehicle_photo',
      maxBytes: 1024,
      createRequest: () => {
        created++;
        return new FakeRequest({ status: 201, body: {} }) as unknown as XMLHttpRequest;
      },
    });
    await expect(failure).rejects.toMatchObject({ status: 413, code: 'FILE_TOO_LARGE', message: 'This file is too large. Choose one up to 1 KB.' });
    expect(created).toBe(0);
  });

  it('cancels with the signal', async () => {
    const controller = new AbortController();
    controller.abort();
    const request = new FakeRequest({ status: 201, body: { file: stored } });
    await expect(
      uploadFile(new File(['x'], 'a.pdf'), { purpose: 'insurance', signal: controller.signal, createRequest: () => request as unknown as XMLHttpRequest }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
