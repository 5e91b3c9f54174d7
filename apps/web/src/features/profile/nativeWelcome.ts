/**
 * Telling a native wrapper (iOS WKWebView) that the welcome step is complete or not (spec part 2 §4
 * "Saving", part 1 §4 sign-out). The wrapper registers a script message handler named
 * `setWelcomeComplete`; the web app posts `{ complete: boolean }` to it. In a plain browser there is
 * no handler and nothing happens.
 */
export interface WelcomeCompleteMessage {
  complete: boolean;
}

interface NativeMessageHandler<T> {
  postMessage(message: T): void;
}

export interface NativeWebkitHost {
  webkit?: { messageHandlers?: { setWelcomeComplete?: NativeMessageHandler<WelcomeCompleteMessage> } };
}

/** The wrapper's handler, when the page runs inside one. */
export function nativeWelcomeHandler(host: NativeWebkitHost | undefined = globalThis as NativeWebkitHost): NativeMessageHandler<WelcomeCompleteMessage> | null {
  return host?.webkit?.messageHandlers?.setWelcomeComplete ?? null;
}

/** Posts the welcome state to the native wrapper; returns whether a wrapper was there. Failures are logged. */
export function notifyNativeWelcomeComplete(complete: boolean, host?: NativeWebkitHost): boolean {
  const handler = nativeWelcomeHandler(host);
  if (!handler) return false;
  try {
    handler.postMessage({ complete });
  } catch (error) {
    console.error('Could not notify the native app of the welcome state', error);
  }
  return true;
}
