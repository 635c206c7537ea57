import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * The app loads Mantine's styles per component (apps/web/src/app/mantine-styles.ts). A class
 * Mantine gives an element (`m_` and a hash) that its whole stylesheet styles must then be styled
 * by a rule the page loaded too; one that is not means a component rendered without its styles.
 */
const wholeStylesheet = readFileSync(
  createRequire(path.resolve(import.meta.dirname, '../apps/web/package.json')).resolve(
    '@mantine/core/styles.css',
  ),
  'utf8',
);
const styledByMantine = new Set([...wholeStylesheet.matchAll(/\.(m_[0-9a-f]+)/g)].map((m) => m[1]));

/** Mantine's classes on the page that Mantine styles but no loaded rule does, with an element. */
export async function unstyledMantineClasses(page: Page): Promise<string[]> {
  const { onPage, styled } = await page.evaluate(() => {
    const found = new Map<string, string>();
    for (const element of document.querySelectorAll('[class*="m_"]')) {
      for (const name of element.classList) {
        if (/^m_[0-9a-f]+$/.test(name) && !found.has(name)) {
          found.set(name, element.outerHTML.slice(0, 120));
        }
      }
    }
    const names = new Set<string>();
    const read = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) {
          for (const m of rule.selectorText.matchAll(/\.(m_[0-9a-f]+)/g)) names.add(m[1] ?? '');
        }
        if ('cssRules' in rule) read((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) read(sheet.cssRules);
    return { onPage: [...found], styled: [...names] };
  });
  const loaded = new Set(styled);
  return onPage
    .filter(([name]) => styledByMantine.has(name) && !loaded.has(name))
    .map(([name, html]) => `${name}: ${html}`);
}
