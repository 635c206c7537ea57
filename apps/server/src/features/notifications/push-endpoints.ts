/**
 * Whether a subscription's endpoint is one of the allowed push services (`hosts`: names, or
 * `*.name` for its subdomains). https only, except on loopback (the tests' push service).
 */
export function isAllowedPushEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
  if (url.protocol !== 'https:' && !(loopback && url.protocol === 'http:')) return false;
  if (url.username || url.password) return false;
  return hosts.some((allowed) =>
    allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed,
  );
}
