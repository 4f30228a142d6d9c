/**
 * The client address rate limits key on. Behind N trusted proxies (load balancer, CDN) the socket
 * address is the proxy's, so we read X-Forwarded-For — but only the entry the N-th proxy appended,
 * never anything further left, which a client could have written itself.
 */
export function clientIp(remoteAddress: string, forwardedFor: unknown, trustedProxyHops: number): string {
  if (trustedProxyHops <= 0 || typeof forwardedFor !== 'string' || !forwardedFor) return remoteAddress;
  const chain = forwardedFor
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // The last proxy appended the address it saw; with 1 trusted hop that is the client.
  const index = chain.length - trustedProxyHops;
  return index >= 0 ? chain[index] : (chain[0] ?? remoteAddress);
}
