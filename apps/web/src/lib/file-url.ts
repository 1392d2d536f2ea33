import { hrefOf } from './call';

/**
 * GET /api/files/:id as the browser opens it (an `<img src>`, a link to the full file): the session's cookie
 * goes with it, and the server answers the owner and admins (decision 0045). Named by the contract's key.
 */
export const fileUrl = (id: string) => hrefOf('GET /api/files/:id', { params: { id } });
