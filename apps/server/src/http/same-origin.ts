/**
 * Whether a browser's `Origin` names the very host the request was sent to. A page served by this server
 * at any address (localhost, 127.0.0.1, a LAN address, a name behind a proxy that keeps `Host`) talks
 * to the same server at that address: that is not cross-site, whatever `PUBLIC_URL` says. A foreign page
 * cannot forge its own `Origin`, and the `Host` it reaches is ours, so the two differ for it.
 */
export function isSameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin || !host) return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  return parsed.host.toLowerCase() === host.trim().toLowerCase();
}

/**
 * The origins of a page served at the address this request went to (its `Host`), for better-auth's
 * origin check: http and https, since a TLS-terminating proxy that keeps `Host` forwards plain http.
 */
export function ownOrigins(request: Request | undefined): string[] {
  const host = request?.headers.get('host');
  return host ? [`http://${host}`, `https://${host}`] : [];
}

/**
 * The origin rule of requests a browser may send cross-site without asking first: the WebSocket upgrade and
 * the multipart upload (POST /api/files), which the JSON-only rule cannot cover. A browser always names the
 * page's origin on these; it must be a trusted origin (PUBLIC_URL, TRUSTED_ORIGINS) or the very host the
 * request reached. No Origin at all is a client that is not a browser (a script, the simulator): it carries
 * no one else's cookies, so there is no forgery to refuse.
 */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, trustedOrigins: readonly string[]): boolean {
  return !origin || trustedOrigins.includes(origin) || isSameOrigin(origin, host);
}

/**
 * A request a browser may send cross-site without asking first (a multipart upload, a write with no body and no
 * content type) is answered only when it comes from this site's pages: its `Origin` allowed by `isAllowedOrigin`,
 * or, with no `Origin`, no `Sec-Fetch-Site` saying another site sent it (a script or the simulator sends neither).
 */
export function fromOwnPages(header: (name: string) => string | undefined, trustedOrigins: readonly string[]): boolean {
  const origin = header('origin');
  const site = header('sec-fetch-site');
  return isAllowedOrigin(origin, header('host'), trustedOrigins) && !(!origin && (site === 'cross-site' || site === 'same-site'));
}
