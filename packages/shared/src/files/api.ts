import { defineRoutes } from '../contract';
import { FILE_CONTENT_TYPES, fileIdParamsSchema, fileUploadSchema } from './schemas';
import { fileUploadedSchema } from './views';

/** Uploads (issue 14, decision 0045): streamed, sniffed, images re-encoded without metadata, served only to who may read them. */
export const fileRoutes = defineRoutes([
  {
    method: 'POST',
    path: '/api/files',
    tag: 'files',
    summary: 'Upload one file (multipart/form-data: `purpose`, `file`)',
    description:
      'The body is streamed to storage, never held whole. Its first bytes decide its type: JPEG, PNG, WebP or PDF, whatever its name says; images are re-encoded (EXIF and location dropped, orientation applied). The browser must send its own `Origin` (a page of this deployment); the name is kept for display only. Refused: over `UPLOAD_MAX_BYTES` (413 FILE_TOO_LARGE), another type (415 FILE_TYPE_NOT_ALLOWED), an image that cannot be decoded (422 FILE_UNREADABLE), another origin (403), too many uploads (429 TOO_MANY_UPLOADS). Nothing is kept from a refused upload.',
    auth: 'user',
    request: { body: fileUploadSchema, bodyContentType: 'multipart/form-data' },
    responses: {
      201: { description: 'Stored', schema: fileUploadedSchema },
      403: { description: 'FORBIDDEN: the request came from another site' },
      413: { description: 'FILE_TOO_LARGE: over UPLOAD_MAX_BYTES' },
      415: { description: 'FILE_TYPE_NOT_ALLOWED: not JPEG, PNG, WebP or PDF (or not multipart/form-data)' },
      422: { description: 'FILE_UNREADABLE: an image that cannot be decoded' },
      429: { description: 'TOO_MANY_UPLOADS' },
    },
  },
  {
    method: 'GET',
    path: '/api/files/:id',
    tag: 'files',
    summary: "A stored file's bytes, to its owner and admins",
    description:
      'With its stored type (image/jpeg, image/png, image/webp or application/pdf), `Content-Disposition: inline`, `X-Content-Type-Options: nosniff` and `Cache-Control: private, no-store`. Anyone else reads 404, as for a file that does not exist.',
    auth: 'user',
    request: { params: fileIdParamsSchema },
    responses: {
      200: { description: 'The bytes, with their stored type', contentType: FILE_CONTENT_TYPES },
      404: { description: 'No such file, or not yours' },
    },
  },
]);
