import { Component, type ErrorInfo, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';

/** The rendering failure text (spec part 1 §2 "Shell", §8). */
export const RENDER_FAILURE_TEXT = 'Something went wrong.';

export function RenderFailure() {
  return (
    <Typography role="alert" data-testid="render-failure" sx={{ p: 3 }}>
      {RENDER_FAILURE_TEXT}
    </Typography>
  );
}

interface Props {
  children: ReactNode;
  /** What to show instead of the children after an error; 'Something went wrong.' by default. */
  fallback?: (error: Error) => ReactNode;
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
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return this.props.fallback ? this.props.fallback(error) : <RenderFailure />;
  }
}
