import { describe, expect, it } from 'vitest';
import { webManifest } from './web-manifest.rules';

describe('a brand’s web manifest', () => {
  const wellness = {
    id: 'wellness',
    name: 'Wellness Now',
    colorPrimary: '#2f9e44',
    iconVersion: '0123456789abcdef',
  };
  const brand = (name: string, colorPrimary: string) => ({
    id: 'b',
    name,
    colorPrimary,
    iconVersion: '0123456789abcdef',
  });

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
      background_color: '#2f9e44',
    });
    expect(webManifest(wellness, 'en').description).toBe(
      'Video visits, appointments and prescriptions.',
    );
  });

  it('makes a brand reached by company key an app of its own, starting under that brand', () => {
    const manifest = webManifest(brand('Partner Health', '#7048e8'), 'en', 'a b');
    expect(manifest.id).toBe('/?company=a%20b');
    expect(manifest.start_url).toBe('/?company=a%20b');
    expect(manifest.scope).toBe('/');
  });

  it('shortens a long name for the launcher to its first word', () => {
    expect(webManifest(brand('Sunrise Community Pharmacy', '#000000'), 'en').short_name).toBe(
      'Sunrise',
    );
  });

  it('shows the brand’s own icons, at its icon version (issue 34, finding 8)', () => {
    expect(webManifest(wellness, 'en').icons).toEqual([
      {
        src: '/brand-icons/wellness/icon-192.png?v=0123456789abcdef',
        sizes: '192x192',
        type: 'image/png',
      },
      {
        src: '/brand-icons/wellness/icon-512.png?v=0123456789abcdef',
        sizes: '512x512',
        type: 'image/png',
      },
      {
        src: '/brand-icons/wellness/maskable-512.png?v=0123456789abcdef',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ]);
  });
});
