import '@mantine/core/styles.css';
import { Badge } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApp, renderWithApp } from '../../testing/render';
import { brandTheme, defaultPrimary } from './brand-theme';

/**
 * The brand theme in Chromium: badge text is at least 12 px at every small size (a
 * whole-product walk measured Mantine's 9-11 px on the prescriptions dashboard's counts, the
 * prepay program's "Owner", the back office's "Yes"/"No" and "Active").
 */
afterEach(async () => {
  await cleanupApp();
});

describe('brandTheme', () => {
  it('draws badge text at 12 px or more, at every size', async () => {
    const theme = brandTheme(defaultPrimary, null, { passwordVisibility: 'Show', close: 'Close' });
    const sizes = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
    const { host } = await renderWithApp(
      <>
        {sizes.map((size) => (
          <Badge key={size} size={size} data-size-name={size}>
            Owner
          </Badge>
        ))}
        <Badge data-size-name="default">4</Badge>
      </>,
      { theme },
    );
    await expect.poll(() => host.querySelectorAll('[data-size-name]').length).toBe(6);
    const px = (name: string) => {
      const badge = host.querySelector(`[data-size-name="${name}"]`);
      const label = badge?.querySelector('.mantine-Badge-label') ?? badge;
      return label ? Number.parseFloat(getComputedStyle(label).fontSize) : 0;
    };
    for (const name of [...sizes, 'default']) expect(px(name), name).toBeGreaterThanOrEqual(12);
    // The large sizes keep Mantine's own, larger text.
    expect(px('xl')).toBeGreaterThan(px('lg'));
  });
});
