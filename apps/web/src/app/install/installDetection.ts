import { TABLET_MAX_WIDTH_PX } from '../../platform/topBarHeight';

/** What decides whether the install page shows (spec part 1 §2 "Install page"). */
export interface InstallEnvironment {
  userAgent: string;
  /** navigator.maxTouchPoints */
  maxTouchPoints: number;
  /** Viewport width, CSS px. */
  width: number;
  /** The app runs installed: display-mode standalone (or fullscreen). */
  standaloneDisplay: boolean;
  /** iOS Safari's navigator.standalone. */
  navigatorStandalone: boolean;
  /** The visitor chose 'Continue without installing' before. */
  skipped: boolean;
}

export type InstallPlatform = 'ios' | 'android' | 'other';

export interface InstallAdvice {
  /** Show the install page before the shell. */
  show: boolean;
  /** A phone or tablet. */
  mobile: boolean;
  installed: boolean;
  platform: InstallPlatform;
  firefox: boolean;
}

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|Silk|Kindle|Tablet/i;

export function installPlatform(userAgent: string, maxTouchPoints: number): InstallPlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  // iPadOS Safari reports a desktop Mac user agent; touch points give it away.
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'other';
}

/**
 * Phones and tablets (a mobile user agent, or a touch screen at most 1024 px wide) that are not
 * running installed get the install page, unless the visitor already chose to continue without.
 */
export function installAdvice(env: InstallEnvironment): InstallAdvice {
  const platform = installPlatform(env.userAgent, env.maxTouchPoints);
  const mobile = platform !== 'other' || MOBILE_UA.test(env.userAgent) || (env.maxTouchPoints > 0 && env.width <= TABLET_MAX_WIDTH_PX);
  const installed = env.standaloneDisplay || env.navigatorStandalone;
  const firefox = /Firefox|FxiOS/i.test(env.userAgent);
  return { show: mobile && !installed && !env.skipped, mobile, installed, platform, firefox };
}

/** localStorage key remembering 'Continue without installing'. */
export const INSTALL_SKIPPED_KEY = 'clearway.installSkipped';

function readSkipped(storage: Storage | undefined): boolean {
  try {
    return storage?.getItem(INSTALL_SKIPPED_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberInstallSkipped(storage: Storage | undefined): void {
  try {
    storage?.setItem(INSTALL_SKIPPED_KEY, '1');
  } catch {
    // Storage may be blocked (private mode); the page shows again next time.
  }
}

/** Reads the install environment from the browser. */
export function readInstallEnvironment(win: Window): InstallEnvironment {
  const media = (query: string) => (typeof win.matchMedia === 'function' ? win.matchMedia(query).matches : false);
  let storage: Storage | undefined;
  try {
    storage = win.localStorage;
  } catch {
    storage = undefined;
  }
  return {
    userAgent: win.navigator.userAgent,
    maxTouchPoints: win.navigator.maxTouchPoints ?? 0,
    width: win.innerWidth,
    standaloneDisplay: media('(display-mode: standalone)') || media('(display-mode: fullscreen)'),
    navigatorStandalone: (win.navigator as Navigator & { standalone?: boolean }).standalone === true,
    skipped: readSkipped(storage),
  };
}
