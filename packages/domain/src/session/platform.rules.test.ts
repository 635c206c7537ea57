import { describe, expect, it } from 'vitest';
import { biometricMethodOf, reportedPlatform } from './platform.rules';

const ua = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  linux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
};

describe('the platform reported at login', () => {
  it('names the native apps by their platform, whatever the web view says', () => {
    expect(reportedPlatform({ nativePlatform: 'ios', userAgent: ua.iphone })).toBe('cordova-ios');
    expect(reportedPlatform({ nativePlatform: 'android', userAgent: ua.android })).toBe(
      'cordova-android',
    );
  });

  it('tells the web app variants apart: ios, android, mac, win, and plain web', () => {
    expect(reportedPlatform({ nativePlatform: null, userAgent: ua.iphone })).toBe('web-ios');
    expect(reportedPlatform({ nativePlatform: null, userAgent: ua.android })).toBe('web-android');
    expect(reportedPlatform({ nativePlatform: null, userAgent: ua.ipadDesktopMode })).toBe(
      'web-mac',
    );
    expect(reportedPlatform({ nativePlatform: null, userAgent: ua.windows })).toBe('web-win');
    expect(reportedPlatform({ nativePlatform: null, userAgent: ua.linux })).toBe('web');
  });

  it('an iPad in desktop mode (a Mac user agent with a touch screen) is ios', () => {
    expect(
      reportedPlatform({ nativePlatform: null, userAgent: ua.ipadDesktopMode, maxTouchPoints: 5 }),
    ).toBe('web-ios');
  });

  it('an unknown native platform reports what its browser engine says', () => {
    expect(reportedPlatform({ nativePlatform: 'web', userAgent: ua.windows })).toBe('web-win');
  });
});

describe('the biometric method shown', () => {
  it("is Touch ID or Face ID on iOS, and 'Biometric ID' for Android's kinds", () => {
    expect(biometricMethodOf('touchId')).toBe('touchId');
    expect(biometricMethodOf('faceId')).toBe('faceId');
    expect(biometricMethodOf('fingerprintAuthentication')).toBe('biometricId');
    expect(biometricMethodOf('faceAuthentication')).toBe('biometricId');
  });
});
