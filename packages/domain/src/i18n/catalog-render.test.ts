import { describe, expect, it } from 'vitest';
import { catalog, type MessageKey, translate } from './catalog';
import { languages, placeholdersOf } from './i18n.rules';

/**
 * Every message of the catalogue, rendered in both languages with a sample value for each of
 * its placeholders: no text keeps a {placeholder}, a literal "..." hole,
 * the same sentence twice in a row, or a doubled full stop at its end. (A progress text's closing
 * ellipsis, 'Loading…', is not a hole.)
 */
const keys = Object.keys(catalog.en) as MessageKey[];

function sampleParams(key: MessageKey): Record<string, string> {
  return Object.fromEntries(placeholdersOf(catalog.en[key]).map((name) => [name, `«${name}»`]));
}

/** Sentences: text up to a full stop, question or exclamation mark and a space. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function problemsOf(text: string): string[] {
  const problems: string[] = [];
  if (/\{\w+\}/.test(text)) problems.push('unfilled placeholder');
  // A hole: "..." or "…" standing as a word ('in ... section'); a progress text's ellipsis
  // ('Loading…', 'Reconnecting… Your messages') follows its word.
  if (/(^|\s)(\.\.\.|…)/.test(text)) problems.push('literal "..."');
  if (text.trimEnd().endsWith('..')) problems.push('ends with ".."');
  // The same sentence said twice, in a row or inside another ('Care opens again No provider…').
  for (const sentence of new Set(sentences(text))) {
    if (sentence.length >= 12 && text.split(sentence).length > 2) {
      problems.push(`sentence twice: ${sentence}`);
    }
  }
  return problems;
}

describe('every rendered message', () => {
  it('uses the same placeholder set in English and Spanish', () => {
    for (const key of keys) {
      expect({ key, es: placeholdersOf(catalog.es[key]) }).toEqual({
        key,
        es: placeholdersOf(catalog.en[key]),
      });
    }
  });

  it('reads whole in both languages: no {placeholder}, "...", doubled sentence or ".." end', () => {
    const found: { lang: string; key: string; text: string; problems: string[] }[] = [];
    for (const lang of languages) {
      for (const key of keys) {
        const text = translate(lang, key, sampleParams(key));
        const problems = problemsOf(text);
        if (problems.length > 0) found.push({ lang, key, text, problems });
      }
    }
    expect(found).toEqual([]);
  });

  it('catches the holes it looks for', () => {
    expect(problemsOf('The status cannot be changed from {from} to {to}.')).toContain(
      'unfilled placeholder',
    );
    expect(problemsOf('Please upload missing information in ... section under care.')).toContain(
      'literal "..."',
    );
    expect(
      problemsOf(
        'No provider is available right now. Care opens again No provider is available right now. Please check again in a few minutes..',
      ),
    ).toEqual(['ends with ".."', 'sentence twice: No provider is available right now.']);
    expect(problemsOf('Please try later. Please try later.')).toEqual([
      'sentence twice: Please try later.',
    ]);
    expect(problemsOf('Care opens again in a few minutes..')).toContain('ends with ".."');
    expect(problemsOf('All good, {count}')).toEqual(['unfilled placeholder']);
    expect(problemsOf('Read … then sign.')).toEqual(['literal "..."']);
    expect(problemsOf('All good. Loading…')).toEqual([]);
    expect(problemsOf('Reconnecting… Your messages will be sent.')).toEqual([]);
  });
});
