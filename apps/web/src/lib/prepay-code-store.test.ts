import type { PrepayOffer } from '@apothecall/domain/prepay/prepay.api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const offer: PrepayOffer = {
  programName: 'Sunrise Pharmacy visits',
  kind: 'token',
  checkoutMessage: 'Pick up at Sunrise.',
  priceMsg: '',
  patientAmt: 0,
  productIds: ['cialis'],
  pharmacies: [],
};

let storage: MemoryStorage;

async function load() {
  vi.resetModules();
  return import('./prepay-code-store');
}

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('sessionStorage', storage);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the held prepay code', () => {
  it('holds a code as typed, trimmed and in capitals, with its offer, under the app prefix', async () => {
    const store = await load();
    expect(store.holdPrepayCode('  abcd2345wxyz ', offer)).toBe(true);
    expect(store.getHeldPrepayCode()).toEqual({ code: 'ABCD2345WXYZ', offer });
    const raw = storage.getItem('apothecall.prepay.code');
    expect(raw && JSON.parse(raw)).toEqual({ code: 'ABCD2345WXYZ', offer });
  });

  it('refuses a code that is not a 12-character token and keeps the one held', async () => {
    const store = await load();
    store.holdPrepayCode('ABCD2345WXYZ', offer);
    expect(store.holdPrepayCode('SHORT')).toBe(false);
    expect(store.holdPrepayCode('ABCD/2345WXY')).toBe(false);
    expect(store.getHeldPrepayCode()?.code).toBe('ABCD2345WXYZ');
  });

  it('keeps the known offer when the same code is held again without one, not for another code', async () => {
    const store = await load();
    store.holdPrepayCode('ABCD2345WXYZ', offer);
    store.holdPrepayCode('abcd2345wxyz');
    expect(store.getHeldPrepayCode()?.offer).toEqual(offer);
    store.holdPrepayCode('ZZZZ2345WXYZ');
    expect(store.getHeldPrepayCode()).toEqual({ code: 'ZZZZ2345WXYZ', offer: null });
  });

  it('is read back by a fresh page of the same tab', async () => {
    (await load()).holdPrepayCode('ABCD2345WXYZ', offer);
    const reloaded = await load();
    expect(reloaded.getHeldPrepayCode()).toEqual({ code: 'ABCD2345WXYZ', offer });
  });

  it('ignores a stored value that is not a held code', async () => {
    storage.setItem('apothecall.prepay.code', JSON.stringify('ABCD2345WXYZ'));
    expect((await load()).getHeldPrepayCode()).toBeNull();
    storage.setItem('apothecall.prepay.code', JSON.stringify({ code: 'bad', offer: null }));
    expect((await load()).getHeldPrepayCode()).toBeNull();
    storage.setItem('apothecall.prepay.code', '{not json');
    expect((await load()).getHeldPrepayCode()).toBeNull();
  });

  it('is forgotten when a logout clears the app keys behind its back', async () => {
    const store = await load();
    store.holdPrepayCode('ABCD2345WXYZ', offer);
    storage.removeItem('apothecall.prepay.code');
    expect(store.getHeldPrepayCode()).toBeNull();
  });

  it('clears, and clears only the named code when asked to, telling its listeners', async () => {
    const store = await load();
    store.holdPrepayCode('ABCD2345WXYZ', offer);
    store.clearHeldPrepayCodeIf('ZZZZ2345WXYZ');
    expect(store.getHeldPrepayCode()?.code).toBe('ABCD2345WXYZ');
    store.clearHeldPrepayCodeIf('abcd2345wxyz');
    expect(store.getHeldPrepayCode()).toBeNull();
    expect(storage.getItem('apothecall.prepay.code')).toBeNull();
    store.holdPrepayCode('ABCD2345WXYZ', offer);
    store.clearHeldPrepayCode();
    expect(store.getHeldPrepayCode()).toBeNull();
  });
});
