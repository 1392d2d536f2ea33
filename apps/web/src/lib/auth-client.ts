import { createAuthClient } from 'better-auth/react';

/** better-auth is mounted by the server under /api/auth on the same origin; its cookie is the session. */
export const authClient = createAuthClient({ baseURL: window.location.origin });
