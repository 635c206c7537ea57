import '@mantine/core/styles.css';
import { Badge, MantineProvider } from '@mantine/core';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { brandTheme, cssVariablesResolver, defaultPrimary } from './brand-theme';

/**
 * The brand theme in Chromium: badge text is at least 12 px at every small size (issue 36: the
 * whole-product walk measured Mantine's 9-11 px on the prescriptions dashboard's counts, the
 * prepay program's "Owner", the back office's "Yes"/"No" and "Active").
 */
let root: Root | null = null;

afterEach(() => {
  root?.unmount();
  root = null;
  document.body.innerHTML = '';
});

describe('brandTheme', () => {
  it('draws badge text at 12 px or more, at every size', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    const theme = brandTheme(defaultPrimary, null, { passwordVisibility: 'Show', close: 'Close' });
    const sizes = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
    root.render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        {sizes.map((size) => (
          <Badge key={size} size={size} data-size-name={size}>
            Owner
          </Badge>
        ))}
        <Badge data-size-name="default">4</Badge>
      </MantineProvider>,
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
