import { describe, expect, it, vi } from 'vitest';
import { notifyNativeWelcomeComplete } from './nativeWelcome';

describe('notifyNativeWelcomeComplete', () => {
  it('posts { complete } to the wrapper handler when there is one', () => {
    const posted: unknown[] = [];
    const host = { webkit: { messageHandlers: { setWelcomeComplete: { postMessage: (m: unknown) => posted.push(m) } } } };
    expect(notifyNativeWelcomeComplete(true, host)).toBe(true);
    expect(notifyNativeWelcomeComplete(false, host)).toBe(true);
    expect(posted).toEqual([{ complete: true }, { complete: false }]);
  });

  it('does nothing in a plain browser, and only logs a failing handler', () => {
    expect(notifyNativeWelcomeComplete(true, {})).toBe(false);
    expect(notifyNativeWelcomeComplete(true, { webkit: { messageHandlers: {} } })).toBe(false);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const host = { webkit: { messageHandlers: { setWelcomeComplete: { postMessage: () => { throw new Error('gone'); } } } } };
    expect(notifyNativeWelcomeComplete(true, host)).toBe(true);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});
