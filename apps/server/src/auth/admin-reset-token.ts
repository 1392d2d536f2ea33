import { createHash } from 'node:crypto';

/**
 * An admin reset link's token is stored hashed (in better-auth's `verification` table, under this prefix):
 * someone who reads the database cannot use a pending link.
 */
export const adminResetIdentifier = (token: string) => `admin-password-reset:${createHash('sha256').update(token).digest('hex')}`;
export const ADMIN_RESET_PREFIX = 'admin-password-reset:';
