import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './passwords';

describe('password hasher', () => {
  const hasher = createPasswordHasher();

  it('stores argon2id with the OWASP parameters and verifies', async () => {
    const stored = await hasher.hash('Correct-Horse-1');
    expect(stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await hasher.verify(stored, 'Correct-Horse-1')).toBe(true);
    expect(await hasher.verify(stored, 'correct-horse-1')).toBe(false);
  });

  it('treats a malformed stored hash as a mismatch', async () => {
    expect(await hasher.verify('not-a-hash', 'x')).toBe(false);
  });
});
