import { describe, expect, it } from 'vitest';
import { brandIconByFile, brandIconHref, brandInitial } from './brand-icons.rules';

describe('a brand’s icons', () => {
  it('are addressed by brand, file and icon version', () => {
    expect(brandIconHref('sunrise-pharmacy', 'favicon32', 'abc')).toBe(
      '/brand-icons/sunrise-pharmacy/favicon-32.png?v=abc',
    );
    expect(brandIconHref('a b', 'appleTouch', 'v')).toBe(
      '/brand-icons/a%20b/apple-touch-180.png?v=v',
    );
    expect(brandIconByFile('maskable-512.png')).toEqual({
      file: 'maskable-512.png',
      size: 512,
      purpose: 'maskable',
    });
    expect(brandIconByFile('icon-100.png')).toBeUndefined();
  });

  it('show the first letter or digit of the brand’s name, upper-cased', () => {
    expect(brandInitial('Wellness Now')).toBe('W');
    expect(brandInitial('  «sunrise» Pharmacy')).toBe('S');
    expect(brandInitial('24h Care')).toBe('2');
    expect(brandInitial('élan')).toBe('É');
    expect(brandInitial('ßtadt')).toBe('S');
    expect(brandInitial('— ·')).toBeUndefined();
  });
});
