import { Component, type ErrorInfo, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';

/** What a part loaded on demand says when its code could not be loaded or drawn (spec part 1 §8, SimPFD). */
export function loadFailureText(error: Error): string {
  return `Error loading component: ${error.message}`;
}

/** The rendering failure text (spec part 1 §2 "Shell", §8). */
export const RENDER_FAILURE_TEXT = 'Something went wrong.';

/**
 * The failure text. The error's own message goes in data-error, out of sight: a test that finds this
 * in place of the app prints the element, and with it the reason.
 */
export function RenderFailure({ error }: { error?: unknown }) {
  return (
    <Typography role="alert" data-testid="render-failure" data-error={error === undefined ? undefined : describeError(error)} sx={{ p: 3 }}>
      {RENDER_FAILURE_TEXT}
    </Typography>
  );
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

interface Props {
  children: ReactNode;
  /** What to show instead of the children after an error; 'Something went wrong.' by default. */
  fallback?: (error: Error) => ReactNode;
  /** Told of each error caught, after it is logged. */
  onError?: (error: Error) => void;
}

interface State {
  error: Error | null;
}

/** Catches rendering failures below it. Give it a `key` that changes to reset it (e.g. the path). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Rendering failed', error, info.componentStack);
    this.props.onError?.(error instanceof Error ? error : new Error(String(error)));
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return this.props.fallback ? this.props.fallback(error) : <RenderFailure error={error} />;
  }
}
