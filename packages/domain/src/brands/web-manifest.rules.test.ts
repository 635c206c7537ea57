import { describe, expect, it } from 'vitest';
import { webManifest } from './web-manifest.rules';

describe('a brand’s web manifest', () => {
  const wellness = { name: 'Wellness Now', colorPrimary: '#2f9e44' };

  it('names the app after the brand, in the asked language, with its colour', () => {
    const manifest = webManifest(wellness, 'es');
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Wellness Now',
      short_name: 'Wellness Now',
      lang: 'es',
      description: 'Consultas por video, citas y recetas.',
      start_url: '/',
      theme_color: '#2f9e44',
    });
    expect(webManifest(wellness, 'en').description).toBe(
      'Video visits, appointments and prescriptions.',
    );
  });

  it('makes a brand reached by company key an app of its own, starting under that brand', () => {
    const manifest = webManifest({ name: 'Partner Health', colorPrimary: '#7048e8' }, 'en', 'a b');
    expect(manifest.id).toBe('/?company=a%20b');
    expect(manifest.start_url).toBe('/?company=a%20b');
    expect(manifest.scope).toBe('/');
  });

  it('shortens a long name for the launcher to its first word', () => {
    expect(
      webManifest({ name: 'Sunrise Community Pharmacy', colorPrimary: '#000000' }, 'en').short_name,
    ).toBe('Sunrise');
  });
});
