import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { GuardedDrawer } from './drawers';

/** A drawer that throws while `broken.now` is true. */
const broken = { now: true };
function FlakyDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [taps, setTaps] = useState(0);
  if (broken.now) throw new Error('settings chunk missing');
  return open ? (
    <div data-testid="flaky-drawer">
      <button type="button" onClick={() => setTaps(taps + 1)}>
        taps {taps}
      </button>
      <button type="button" onClick={onClose}>
        done
      </button>
    </div>
  ) : null;
}

function Host() {
  const [state, setState] = useState({ open: false, mounted: false });
  return (
    <>
      <button type="button" onClick={() => setState({ open: true, mounted: true })}>
        settings
      </button>
      <p>the map</p>
      <GuardedDrawer {...state} onClose={() => setState({ open: false, mounted: true })} Drawer={FlakyDrawer} anchor="right" label="settings" />
    </>
  );
}

describe('a drawer that fails', () => {
  it('shows the error on its own panel, leaves the app working, and tries again when reopened', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    broken.now = true;
    render(<Host />);
    fireEvent.click(screen.getByRole('button', { name: 'settings' }));
    const failure = await screen.findByTestId('drawer-failure');
    expect(failure.getAttribute('role')).toBe('alert');
    expect(failure.textContent).toBe('Error loading component: settings chunk missing');
    expect(screen.getByText('the map')).toBeTruthy();
    // Its close button is a 48 px touch target, named as the drawer's own.
    fireEvent.click(screen.getByRole('button', { name: 'Close settings' }));
    expect(screen.queryByTestId('drawer-failure')).toBeNull();

    broken.now = false;
    fireEvent.click(screen.getByRole('button', { name: 'settings' }));
    expect(await screen.findByTestId('flaky-drawer')).toBeTruthy();
    expect(screen.queryByTestId('drawer-failure')).toBeNull();
  });

  it('keeps a working drawer mounted between openings (no remount, its state kept)', async () => {
    broken.now = false;
    render(<Host />);
    fireEvent.click(screen.getByRole('button', { name: 'settings' }));
    await screen.findByTestId('flaky-drawer');
    fireEvent.click(screen.getByRole('button', { name: 'taps 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'done' }));
    expect(screen.queryByTestId('flaky-drawer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'settings' }));
    // The same instance, its state kept: a remount would start again at 0.
    expect((await screen.findByTestId('flaky-drawer')).textContent).toContain('taps 1');
  });
});
