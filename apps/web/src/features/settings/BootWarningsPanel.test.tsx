import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { bootWarning } from '../../store/bootSlice';

async function openSettings() {
  fireEvent.click(await screen.findByRole('button', { name: 'settings' }));
  return screen.findByTestId('settings-drawer');
}

describe('settings drawer warning panel (spec part 2 §2)', () => {
  it('shows nothing while start-up met no problem', async () => {
    renderApp('/app/map1');
    await openSettings();
    await screen.findByTestId('settings-panel');
    expect(screen.queryByTestId('boot-warnings')).toBeNull();
  });

  it('shows each boot warning with a triangle icon and its text, and follows new ones', async () => {
    const { store } = renderApp('/app/map1');
    act(() => {
      store.dispatch(bootWarning('IndexedDB prefs could not be opened; preferences will not be kept: QuotaExceededError'));
    });
    await openSettings();
    const panel = await screen.findByRole('region', { name: 'Start-up warnings' });
    const rows = within(panel).getAllByTestId('boot-warning');
    expect(rows.map((row) => row.textContent)).toEqual(['IndexedDB prefs could not be opened; preferences will not be kept: QuotaExceededError']);
    expect(rows[0]?.querySelector('svg[data-testid="WarningAmberIcon"]')).not.toBeNull();
    act(() => {
      store.dispatch(bootWarning('routing worker: RoutingWorkerFacade initialization timeout'));
    });
    expect(within(panel).getAllByTestId('boot-warning').map((row) => row.textContent)).toEqual([
      'IndexedDB prefs could not be opened; preferences will not be kept: QuotaExceededError',
      'routing worker: RoutingWorkerFacade initialization timeout',
    ]);
  });
});
