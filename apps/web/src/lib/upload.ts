import { DEFAULT_UPLOAD_MAX_BYTES, type FilePurpose } from '@openride/shared/files/schemas';
import type { FileView } from '@openride/shared/files/views';
import { errorText } from '@openride/shared/error-text';
import { fileText } from '@openride/shared/files/file-text';
import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_TEXT } from './api';
import { reportAnswer, reportNetworkFailure } from './network-status';
import type { ApiPath } from './call';

export type UploadOptions = {
  purpose: FilePurpose;
  /** 0–100 as the bytes leave the browser (XMLHttpRequest: fetch has no upload progress). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** The server's UPLOAD_MAX_BYTES when known; a larger file is refused here before a byte is sent. */
  maxBytes?: number;
  /** Tests pass a stand-in. */
  createRequest?: () => XMLHttpRequest;
};

/** "10 MB", as the limit is spoken. */
export const formatBytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`);

/**
 * Uploads one file to POST /api/files (decision 0045) and resolves with what the server stored (its id is
 * what a document, a vehicle photo or a support ticket refers to). Refusals reject with an ApiError whose
 * message is the server's words (too large, not an accepted type, unreadable image); no answer at all is the
 * app's usual network error. The server sniffs the bytes: `file.type` is not trusted by anyone.
 */
export function uploadFile(
  file: File | Blob,
  { purpose, onProgress, signal, maxBytes = DEFAULT_UPLOAD_MAX_BYTES, createRequest = () => new XMLHttpRequest() }: UploadOptions,
): Promise<FileView> {
  if (file.size > maxBytes) return Promise.reject(new ApiError(413, fileText.tooLarge(formatBytes(maxBytes)), 'FILE_TOO_LARGE'));
  return new Promise<FileView>((resolve, reject) => {
    const xhr = createRequest();
    const form = new FormData();
    // The purpose first: the server reads the body as a stream, in order.
    form.append('purpose', purpose);
    form.append('file', file, file instanceof File ? file.name : 'upload');
    // XHR, not `call`: fetch reports no upload progress. The path is the contract's (checked by its key's type).
    xhr.open('POST', '/api/files' satisfies ApiPath<'POST /api/files'>);
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      reportAnswer(xhr.status);
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status === 201 && body && typeof body === 'object' && 'file' in body) {
        onProgress?.(100);
        resolve((body as { file: FileView }).file);
        return;
      }
      reject(errorOf(xhr.status, body));
    };
    xhr.onerror = () => {
      reportNetworkFailure();
      reject(new ApiError(0, NETWORK_ERROR_TEXT, NETWORK_ERROR_CODE));
    };
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        xhr.abort();
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/** The server's `{ error: { code, message } }` as an ApiError; a body without words reads as the code's (or a plain failure). */
export function errorOf(status: number, body: unknown): ApiError {
  const error = body && typeof body === 'object' && 'error' in body ? (body as { error: { code?: unknown; message?: unknown } }).error : undefined;
  const code = typeof error?.code === 'string' ? error.code : undefined;
  const message = typeof error?.message === 'string' && error.message ? error.message : code ? errorText(code) : fileText.failed;
  return new ApiError(status, message, code, body);
}
