import { Suspense, type ComponentType } from 'react';
import Typography from '@mui/material/Typography';
import { ErrorBoundary, loadFailureText } from '../platform/ErrorBoundary';
import { retryingLazy } from '../platform/retryingLazy';

/**
 * A page loaded on demand: 'Loading...' while its code loads and 'Error loading component: {message}'
 * when it cannot be loaded (spec part 1 §2 and §8, SimPFD); a failed load is tried once more, and again
 * the next time the page opens (retryingLazy). The placeholder has its own test id
 * ({testId}-loading), so whoever waits for the page's test id gets the page itself.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, testId: string): ComponentType {
  const Page = retryingLazy(load);
  function LazyPage() {
    return (
      <ErrorBoundary
        onError={Page.forgetFailure}
        fallback={(error) => (
          <Typography role="alert" data-testid={testId} sx={{ p: 3 }}>
            {loadFailureText(error)}
          </Typography>
        )}
      >
        <Suspense
          fallback={
            <Typography data-testid={`${testId}-loading`} sx={{ p: 3 }}>
              Loading...
            </Typography>
          }
        >
          <Page />
        </Suspense>
      </ErrorBoundary>
    );
  }
  return LazyPage;
}
