import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { SideDrawer } from './SideDrawer';

function Harness() {
  const [open, setOpen] = useState(true);
  const [taps, setTaps] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setTaps((n) => n + 1)}>
        map {taps}
      </button>
      <SideDrawer anchor="right" open={open} onClose={() => setOpen(false)} width={320} label="settings">
        <div data-testid="drawer-body">body {open ? 'open' : 'closed'}</div>
      </SideDrawer>
    </>
  );
}

describe('SideDrawer', () => {
  it('leaves the rest of the page working while open: no backdrop, nothing hidden, focus on its close button', () => {
    render(<Harness />);
    expect(screen.getByTestId('drawer-body')).toBeTruthy();
    expect(document.querySelector('.MuiBackdrop-root')).toBeNull();
    expect(document.querySelector('[aria-hidden="true"] button')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close settings' }));
    // The control beside the drawer (the map, in the app) still takes input, and the drawer stays open.
    fireEvent.click(screen.getByRole('button', { name: 'map 0' }));
    expect(screen.getByRole('button', { name: 'map 1' })).toBeTruthy();
    expect(screen.getByTestId('drawer-body').textContent).toBe('body open');
  });

  it('closes with its close button', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Close settings' }));
    expect(screen.getByTestId('drawer-body').textContent).toBe('body closed');
  });

  it('closes with Escape', () => {
    render(<Harness />);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.getByTestId('drawer-body').textContent).toBe('body closed');
  });
});
