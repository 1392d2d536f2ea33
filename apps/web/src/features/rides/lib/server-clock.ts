/**
 * A server deadline on this device's clock: shifted by how far the server's clock (`asOf`, when it answered)
 * was from ours when the answer came (`receivedAt`), so a phone whose clock is off still counts down right.
 */
export function onOurClock(deadline: string | null | undefined, asOf: string | undefined, receivedAt: number): string | undefined {
  if (!deadline) return undefined;
  const skew = asOf && receivedAt ? receivedAt - Date.parse(asOf) : 0;
  return new Date(Date.parse(deadline) + skew).toISOString();
}
