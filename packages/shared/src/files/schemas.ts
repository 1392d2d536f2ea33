import { z } from 'zod';

/**
 * What an uploaded file is for (issue 14). The upload names it; later slices decide who else may read a
 * file of each purpose (apps/server/src/files/can-read-file.ts). Add a purpose here, and its rule there.
 */
export const FILE_PURPOSES = ['driver_document', 'insurance', 'vehicle_photo', 'support', 'profile_avatar', 'ticket_photo'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];
export const filePurposeSchema = z.enum(FILE_PURPOSES, { error: `purpose must be one of ${FILE_PURPOSES.join(', ')}` });

/** The types the server keeps, decided by the file's first bytes (never its name or the browser's word). */
export const FILE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type FileContentType = (typeof FILE_CONTENT_TYPES)[number];

/** What a file input's `accept` lists: a hint to the picker only; the server sniffs the bytes. */
export const FILE_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

/** The upload limit when `UPLOAD_MAX_BYTES` is not set: 10 MB, a phone photo or a scanned document. */
export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/**
 * POST /api/files is multipart/form-data: a `purpose` field and one file field `file`. The file part is
 * described as a string in the contract (JSON Schema has no stream); the server reads it as a stream.
 */
export const fileUploadSchema = z.object({
  purpose: filePurposeSchema,
  file: z.string().describe('The file (binary): JPEG, PNG, WebP or PDF, up to UPLOAD_MAX_BYTES'),
});

export const fileIdParamsSchema = z.object({ id: z.string() });

/** The client's file name, kept for display only: no path, no control characters, at most 120 characters. */
export function displayFileName(name: string | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069"<>]/g, '').trim();
  return clean ? [...clean].slice(0, 120).join('') : null;
}
