import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Price tokens: the server's signed statement "this account may pay this price, for this
 * reason, until then". The client carries the token from the price screen to the payment, so it
 * cannot change the price it pays. HMAC-SHA256 with a secret kept in the database.
 */
export interface PriceClaim {
  accountId: string;
  price: number;
  /**
   * 'item': the price of one thing another area sells (an Rx visit), bound to it by `code`
   * (e.g. `rx:<visit id>`), so the token pays that thing and nothing else.
   */
  source: 'default' | 'referral' | 'coupon' | 'item';
  code: string | null;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export function signPriceToken(claim: PriceClaim, secret: string): string {
  const body = Buffer.from(JSON.stringify(claim)).toString('base64url');
  const mac = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${mac}`;
}

export function verifyPriceToken(
  token: string,
  secret: string,
  now: number,
): PriceClaim | undefined {
  const [body, mac] = token.split('.');
  if (!body || !mac) return undefined;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as PriceClaim;
    if (
      typeof claim.price !== 'number' ||
      typeof claim.expiresAt !== 'number' ||
      claim.expiresAt <= now
    )
      return undefined;
    return claim;
  } catch {
    return undefined;
  }
}
