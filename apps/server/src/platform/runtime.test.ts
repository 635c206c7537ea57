import { describe, expect, it } from 'vitest';
import { nodeMajor, requiredNodeMajor, unsupportedRuntime } from './runtime';

describe('runtime', () => {
  it('reads the major version of a Node.js version string', () => {
    expect(nodeMajor('24.21.0')).toBe(24);
    expect(nodeMajor('20.20.2')).toBe(20);
    expect(nodeMajor('not a version')).toBe(0);
  });

  it('refuses Node 20 with advice, and accepts 24 and newer', () => {
    expect(unsupportedRuntime('20.20.2')).toMatch(
      /needs Node\.js 24 or newer; this is Node\.js 20\.20\.2/,
    );
    expect(unsupportedRuntime('24.0.0')).toBeUndefined();
    expect(unsupportedRuntime('26.1.0')).toBeUndefined();
  });

  it('runs the suite itself on Node 24 (exactly 24 in CI, where the pinned runtime is used)', () => {
    const major = nodeMajor(process.versions.node);
    if (process.env.CI) expect(process.versions.node).toMatch(/^24\./);
    expect(major).toBeGreaterThanOrEqual(requiredNodeMajor);
  });
});
