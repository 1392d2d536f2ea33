import type { Readable } from 'node:stream';

/** A stored object as it is read back. */
export type StoredObject = { stream: Readable; size: number; contentType: string };

/**
 * Where uploaded bytes live (decision 0045): local disk under DATA_DIR/uploads (embedded default) or an
 * S3-compatible bucket (S3_BUCKET). Keys are made by the server (`isStorageKey`), never from a client's
 * file name. A put is all or nothing: when `body` fails (too large, refused, cut off) nothing is left.
 */
export type Storage = {
  readonly kind: 'local' | 's3';
  /** Streams `body` under `key`; resolves with the bytes written once they are all durably stored. */
  put(key: string, body: Readable, opts: { contentType: string }): Promise<{ size: number }>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes it; nothing to remove is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Lets go of connections at shutdown. */
  close(): void;
};

/** Segments of letters, digits, `-`, `_` and inner dots, joined by `/`: nothing that climbs out of a folder. */
const KEY = /^(?!.*\/\/)[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){0,7}$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((segment) => segment === '.' || segment === '..' || segment.endsWith('.'));
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
