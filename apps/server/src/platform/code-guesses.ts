import { AppError } from './errors';
import type { RateLimiter } from './rate-limit';

/** How many wrong codes a caller may try in a window before every try is refused for a while. */
export const codeGuessLimit = { misses: 10, windowSeconds: 3600 } as const;

/**
 * A code looked up on a caller's behalf (a coupon, a referral code): a caller who has tried
 * `misses` wrong codes in the window is refused every try until the window ends (429, even for a
 * right code, so that guessing on cannot tell a hit), and each wrong code (a 4xx refusal of the
 * lookup) counts one. The refusal says how many minutes are left of the window (plural-aware)
 * and sends them as Retry-After seconds. Right codes count nothing: a patient typing their coupon is never limited.
 * The key names the caller (an account, or an address for the public look-ups).
 */
export async function withCodeGuesses<T>(
  limiter: RateLimiter,
  key: string,
  lookup: () => Promise<T>,
  limit: { misses: number; windowSeconds: number } = codeGuessLimit,
): Promise<T> {
  const counter = `code-guess:${key}`;
  if ((await limiter.peek(counter)) >= limit.misses) {
    // The wait is what is left of the window, in whole minutes ('1 minute', '42 minutes').
    const seconds = (await limiter.secondsLeft(counter)) || limit.windowSeconds;
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    throw new AppError(
      429,
      'RATE_LIMITED',
      'errors.tooManyCodes.other',
      { minutes: String(minutes) },
      undefined,
      seconds,
      {
        count: minutes,
        forms: { one: 'errors.tooManyCodes.one', other: 'errors.tooManyCodes.other' },
      },
    );
  }
  try {
    return await lookup();
  } catch (error) {
    if (error instanceof AppError && error.status >= 400 && error.status < 500) {
      await limiter.hit(counter, limit.windowSeconds);
    }
    throw error;
  }
}
