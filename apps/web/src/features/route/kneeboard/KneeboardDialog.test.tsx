import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PROFILE, runFlightPlan, type AircraftProfile } from '@clearway/flightplan';
import { makeRoute, makeWaypoint } from '@clearway/flightplan/testing';
import { geodesicDestination } from '@clearway/geo';
import type { DisplayUnits } from '../navlogFormat';
import { initialUnitsState } from '../../settings';
import { KNEEBOARD_COLUMNS } from './kneeboard';
import { KneeboardDialog, PAGE_STYLE_ID } from './KneeboardDialog';

const UNITS: DisplayUnits = initialUnitsState;
const ETD = Date.UTC(2026, 5, 1, 14, 0);
const PROFILE: AircraftProfile = { ...DEFAULT_PROFILE, altitude: 6500, etd_iso: new Date(ETD).toISOString() };
const north = (code: string, nm: number, extra = {}) => {
  const p = geodesicDestination(35, -90, 0, nm);
  return makeWaypoint(code, p.latDeg, p.lonDeg, extra);
};
const route = runFlightPlan(makeRoute([north('KAAA', 0, { elevation: 500, type: 'AIRPORT' }), north('MID', 60), north('KDDD', 120, { elevation: 500, type: 'AIRPORT' })]), PROFILE, { now: ETD, variationAt: () => 0 });

afterEach(cleanup);

describe('KneeboardDialog', () => {
  it('shows every checkpoint with TOC and TOD, the frequencies, and blanks for ATA and fuel', async () => {
    const lookup = vi.fn(async (code: string) => (code === 'KAAA' ? [{ type: 'TWR', frequencyKhz: 118_300 }, { type: 'GND', frequencyKhz: 121_700 }] : null));
    render(<KneeboardDialog open onClose={() => undefined} route={route} profile={PROFILE} units={UNITS} frequencies={lookup} />);
    const rows = screen.getAllByTestId('kneeboard-row');
    expect(rows.map((r) => r.querySelector('[data-col="fix"]')?.textContent)).toEqual(['TOC', 'MID', 'TOD', 'KDDD']);
    expect(rows.map((r) => r.dataset['kind'])).toEqual(['toc', 'leg', 'tod', 'leg']);
    // Calm air: the TOC is 6,000 ft / 500 fpm = 12 min after the 14:00Z departure.
    expect(within(rows[0]!).getByText('14:12Z')).toBeTruthy();
    expect(rows[3]!.querySelector('[data-col="eta"]')?.textContent).toBe(new Date(ETD + Math.round(route.total_min) * 60_000).toISOString().slice(11, 16) + 'Z');
    for (const row of rows) {
      expect(row.querySelector('[data-col="ata"]')?.textContent).toBe('');
      expect(row.querySelector('[data-col="fuelAct"]')?.textContent).toBe('');
    }
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(KNEEBOARD_COLUMNS.map(([, label]) => label));
    await waitFor(() => expect(screen.getAllByTestId('kneeboard-frequencies')[0]!.textContent).toBe('KAAA TWR 118.300 · GND 121.700'));
    expect(screen.getAllByTestId('kneeboard-frequencies')[1]!.textContent).toBe('KDDD frequencies not known');
    expect(lookup).toHaveBeenCalledWith('KDDD');
  });

  it('prints on letter or A5 (the page size set before the print dialog opens)', () => {
    const sizes: string[] = [];
    const print = vi.fn(() => sizes.push(document.getElementById(PAGE_STYLE_ID)?.textContent ?? ''));
    render(<KneeboardDialog open onClose={() => undefined} route={route} profile={PROFILE} units={UNITS} print={print} />);
    fireEvent.click(screen.getByRole('button', { name: 'Print A5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Print letter' }));
    expect(print).toHaveBeenCalledTimes(2);
    expect(sizes[0]).toContain('size: A5 portrait');
    expect(sizes[1]).toContain('size: letter portrait');
  });
});
