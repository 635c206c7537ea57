import { describe, expect, it } from 'vitest';
import { classifyMediaError, mediaProblemBodyKey, mediaProblemOf } from './local-media';

const domError = (name: string) => new DOMException('camera', name);
const namedError = (name: string) => Object.assign(new Error('camera'), { name });

describe('why the camera could not be opened', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['PermissionDeniedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'notFound'],
    ['DevicesNotFoundError', 'notFound'],
    ['OverconstrainedError', 'notFound'],
    ['NotReadableError', 'inUse'],
    ['TrackStartError', 'inUse'],
    ['AbortError', 'inUse'],
    ['TypeError', 'other'],
  ] as const)('%s -> %s', (name, problem) => {
    expect(classifyMediaError(domError(name))).toBe(problem);
    // Older browsers throw plain errors with the same names.
    expect(classifyMediaError(namedError(name))).toBe(problem);
  });

  it('anything that is not an error is "other"', () => {
    expect(classifyMediaError('NotAllowedError')).toBe('other');
    expect(classifyMediaError({ name: 'NotAllowedError' })).toBe('other');
    expect(classifyMediaError(undefined)).toBe('other');
  });

  it('a page without a secure context cannot ask at all', () => {
    expect(mediaProblemOf(domError('InsecureContext'))).toBe('insecure');
    expect(mediaProblemOf(namedError('InsecureContext'))).toBe('other');
    expect(mediaProblemOf(domError('NotAllowedError'))).toBe('denied');
  });
});

describe('mediaProblemBodyKey', () => {
  it("sends a browser to the address bar and a native app's user to the phone's settings", () => {
    expect(mediaProblemBodyKey('denied', null)).toBe('call.media.denied.body');
    expect(mediaProblemBodyKey('denied', 'ios')).toBe('call.media.denied.body.ios');
    expect(mediaProblemBodyKey('denied', 'android')).toBe('call.media.denied.body.android');
    expect(mediaProblemBodyKey('inUse', 'ios')).toBe('call.media.inUse.body');
  });
});
