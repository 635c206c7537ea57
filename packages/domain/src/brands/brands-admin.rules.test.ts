import { describe, expect, it } from 'vitest';
import {
  colorVerdict,
  fieldChanges,
  isBrandKey,
  isHostAlias,
  isHostName,
  unreadableColor,
} from './brands-admin.rules';

describe('brand keys, host names and aliases', () => {
  it('takes a company key of 2-40 of a-z, 0-9 and inner dashes, never "new"', () => {
    for (const key of ['ab', 'harbor', 'sunrise-pharmacy', 'a1', 'x'.repeat(40)]) {
      expect(isBrandKey(key), key).toBe(true);
    }
    for (const key of ['a', 'Harbor', 'har_bor', '-harbor', 'harbor-', 'x'.repeat(41), 'new']) {
      expect(isBrandKey(key), key).toBe(false);
    }
  });

  it('takes lower-case DNS names without scheme or port', () => {
    for (const host of ['localhost', 'harbor.localhost', 'care.example.com', '127.0.0.1']) {
      expect(isHostName(host), host).toBe(true);
    }
    for (const host of [
      '',
      'Care.example.com',
      'https://care.example.com',
      'care.example.com:8080',
      'care..example.com',
      '-care.example.com',
      'care example.com',
    ]) {
      expect(isHostName(host), host).toBe(false);
    }
    expect(isHostAlias('harbor')).toBe(true);
    expect(isHostAlias('harbor.health')).toBe(false);
  });
});

describe('brand colours', () => {
  it('keeps a colour that reads and suggests a darker one of the same hue for one that does not', () => {
    expect(colorVerdict('#0B7285')).toEqual({ reads: true, suggestion: '#0b7285' });
    const light = colorVerdict('#ffd43b');
    expect(light.reads).toBe(false);
    expect(colorVerdict(light.suggestion).reads).toBe(true);
  });

  it('names the first colour that does not read, among those asked', () => {
    const colors = { colorPrimary: '#0b7285', colorAccent: '#74c0fc', colorWarning: '#ffd43b' };
    expect(unreadableColor(colors)?.field).toBe('colorAccent');
    expect(unreadableColor(colors, ['colorWarning'])?.field).toBe('colorWarning');
    expect(unreadableColor(colors, ['colorPrimary'])).toBeUndefined();
  });
});

describe('field changes', () => {
  it('lists each changed leaf by path with both values; arrays compare whole', () => {
    expect(
      fieldChanges(
        { name: 'A', hosts: ['a'], care: { hours: { open: '08:00', close: '22:00' } } },
        { name: 'B', hosts: ['a'], care: { hours: { open: '09:00', close: '22:00' } }, extra: 1 },
      ),
    ).toEqual([
      { field: 'care.hours.open', before: '08:00', after: '09:00' },
      { field: 'extra', before: null, after: 1 },
      { field: 'name', before: 'A', after: 'B' },
    ]);
    expect(fieldChanges({ hosts: ['a', 'b'] }, { hosts: ['a', 'b'] })).toEqual([]);
  });
});
