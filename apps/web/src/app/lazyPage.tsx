import { lazy, Suspense, type ComponentType } from 'react';
import Typography from '@mui/material/Typography';
import { ErrorBoundary } from './ErrorBoundary';

/**
 * A page loaded on demand: 'Loading...' while its code loads and 'Error loading component: {message}'
 * when it cannot be loaded (spec part 1 §2 and §8, SimPFD). The placeholder has its own test id
 * ({testId}-loading), so whoever waits for the page's test id gets the page itself.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, testId: string): ComponentType {
  const Page = lazy(load);
  function LazyPage() {
    return (
      <ErrorBoundary
        fallback={(error) => (
          <Typography role="alert" data-testid={testId} sx={{ p: 3 }}>
            Error loading component: {error.message}
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
