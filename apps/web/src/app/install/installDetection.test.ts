import { describe, expect, it } from 'vitest';
import { installAdvice, type InstallEnvironment } from './installDetection';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const ANDROID_FIREFOX = 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0';
const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

function env(overrides: Partial<InstallEnvironment>): InstallEnvironment {
  return {
    userAgent: DESKTOP_CHROME,
    maxTouchPoints: 0,
    width: 1280,
    standaloneDisplay: false,
    navigatorStandalone: false,
    skipped: false,
    ...overrides,
  };
}

describe('installAdvice', () => {
  it('shows the page to an iPhone in Safari with the iOS steps', () => {
    const advice = installAdvice(env({ userAgent: IPHONE, maxTouchPoints: 5, width: 390 }));
    expect(advice).toMatchObject({ show: true, platform: 'ios', firefox: false, mobile: true });
  });

  it('recognises an iPad that reports a desktop Mac user agent', () => {
    expect(installAdvice(env({ userAgent: IPAD_DESKTOP_UA, maxTouchPoints: 5, width: 1024 }))).toMatchObject({ show: true, platform: 'ios' });
    // A real Mac (no touch) is a desktop.
    expect(installAdvice(env({ userAgent: IPAD_DESKTOP_UA, maxTouchPoints: 0 })).show).toBe(false);
  });

  it('gives Android the store link and Firefox the Firefox hint', () => {
    expect(installAdvice(env({ userAgent: ANDROID_CHROME, maxTouchPoints: 5, width: 412 }))).toMatchObject({ show: true, platform: 'android', firefox: false });
    expect(installAdvice(env({ userAgent: ANDROID_FIREFOX, maxTouchPoints: 5, width: 412 }))).toMatchObject({ show: true, platform: 'android', firefox: true });
  });

  it('treats a touch screen up to 1024 px wide as a tablet, wider touch screens as desktops', () => {
    expect(installAdvice(env({ maxTouchPoints: 10, width: 1024 })).show).toBe(true);
    expect(installAdvice(env({ maxTouchPoints: 10, width: 1025 })).show).toBe(false);
    expect(installAdvice(env({ maxTouchPoints: 0, width: 800 })).show).toBe(false);
  });

  it('never shows on a desktop', () => {
    expect(installAdvice(env({})).show).toBe(false);
  });

  it('does not show when the app runs installed', () => {
    expect(installAdvice(env({ userAgent: ANDROID_CHROME, maxTouchPoints: 5, width: 412, standaloneDisplay: true }))).toMatchObject({ show: false, installed: true });
    expect(installAdvice(env({ userAgent: IPHONE, maxTouchPoints: 5, width: 390, navigatorStandalone: true }))).toMatchObject({ show: false, installed: true });
  });

  it('does not show again after Continue without installing', () => {
    expect(installAdvice(env({ userAgent: IPHONE, maxTouchPoints: 5, width: 390, skipped: true })).show).toBe(false);
  });
});
