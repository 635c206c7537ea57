import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** The WCAG 2.1 A and AA rules, which the suite's accessibility checks hold every screen to. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe-core's violations on the page as it stands, under the WCAG 2.1 A and AA rules.
 *
 * axe is put in the page once and stays for as long as the document does (a hash route's
 * screens share one), and it reports the violations only. `@axe-core/playwright`, which this
 * replaces, put the unminified axe (1.5 MB) into the page again for every check and then
 * opened a blank page beside it to put it in once more and merge the results: a new renderer
 * and two parses of axe a screen, which made the accessibility walks the suite's slowest specs.
 * The app has no frames, so nothing is lost by not reaching into them.
 */
export async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        iframes: false,
      }),
    wcagTags,
  );
  return results.violations;
}
