import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyPage } from './lazyPage';

describe('lazyPage', () => {
  it("shows 'Loading...' while the page loads, then the page", async () => {
    let resolve: (module: { default: () => React.ReactNode }) => void = () => undefined;
    const Page = lazyPage(() => new Promise((r) => (resolve = r)), 'page-x');
    render(<Page />);
    expect(screen.getByTestId('page-x-loading').textContent).toBe('Loading...');
    expect(screen.queryByTestId('page-x')).toBeNull();
    resolve({ default: () => <p>Loaded page</p> });
    expect(await screen.findByText('Loaded page')).toBeTruthy();
  });

  it("shows 'Error loading component: {message}' when loading fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Page = lazyPage(() => Promise.reject(new Error('chunk missing')), 'page-x');
    render(<Page />);
    expect(await screen.findByText('Error loading component: chunk missing')).toBeTruthy();
  });
});
