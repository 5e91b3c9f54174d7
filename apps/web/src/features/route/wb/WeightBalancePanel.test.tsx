import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wbRecordProblems } from '@clearway/protocol';
import type { WbRecord } from '@clearway/flightplan';
import { templateRecord, WeightBalancePanel } from './WeightBalancePanel';

afterEach(cleanup);

function enter(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

function row(name: string): { weight: string; cg: string } {
  const r = screen.getAllByTestId('wb-row').find((el) => el.querySelector('th')?.textContent === name)!;
  return { weight: r.querySelector('[data-col="weight"]')!.textContent!, cg: r.querySelector('[data-col="cg"]')!.textContent! };
}

describe('WeightBalancePanel (Cessna 172S template)', () => {
  it('gives the takeoff and landing weights and CGs worked by hand, within the limits', () => {
    render(<WeightBalancePanel fuelBurnGal={25} />);
    enter('wb-empty-weight', '1642');
    enter('wb-empty-moment', '62600');
    enter('wb-load-front', '340');
    enter('wb-load-rear', '0');
    enter('wb-load-baggageA', '50');
    enter('wb-load-baggageB', '0');
    enter('wb-load-fuel', '40');
    // Zero fuel: 1642 + 340 + 50 = 2032 lb, 62600 + 340·37 + 50·95 = 79930 lb·in.
    // Takeoff: + (40 − 1.4 taxi) gal · 6 lb at 48 in = 231.6 lb, 11116.8 lb·in: 2263.6 lb, CG 40.22 in.
    // Landing: 25 gal burnt, 13.6 gal left = 81.6 lb, 3916.8 lb·in: 2113.6 lb, CG 39.67 in.
    expect(row('Zero fuel')).toEqual({ weight: '2032.0', cg: (79930 / 2032).toFixed(2) });
    expect(row('Takeoff')).toEqual({ weight: '2263.6', cg: '40.22' });
    expect(row('Landing')).toEqual({ weight: '2113.6', cg: (83846.8 / 2113.6).toFixed(2) });
    expect(screen.getByTestId('wb-ok').textContent).toBe('Within the limits.');
    expect(screen.getByTestId('wb-point-T').dataset['within']).toBe('true');
  });

  it('says plainly when the takeoff is over the maximum weight and marks it outside the envelope', () => {
    render(<WeightBalancePanel fuelBurnGal={25} />);
    enter('wb-empty-weight', '1642');
    enter('wb-empty-moment', '62600');
    enter('wb-load-front', '340');
    enter('wb-load-rear', '400');
    enter('wb-load-baggageA', '50');
    enter('wb-load-fuel', '40');
    expect(row('Takeoff').weight).toBe('2663.6');
    const problems = screen.getByRole('alert');
    expect(problems.textContent).toContain('Takeoff weight 2664 lb is over the 2550 lb maximum.');
    expect(screen.getByTestId('wb-point-T').dataset['within']).toBe('false');
    expect(screen.queryByTestId('wb-ok')).toBeNull();
  });

  it('refuses baggage over the combined 120 lb of areas A and B', () => {
    render(<WeightBalancePanel fuelBurnGal={10} />);
    enter('wb-load-baggageA', '100');
    enter('wb-load-baggageB', '40');
    expect(screen.getByRole('alert').textContent).toContain('Baggage areas A and B: 140 lb is over the combined 120 lb limit.');
  });
});

describe('the envelope chart labels (issue 24)', () => {
  const labelOf = (point: string) => screen.getByTestId(`wb-point-${point}`).querySelector('text')?.textContent ?? null;
  it('no fuel burnt: takeoff and landing are one point with one label "T/L"', () => {
    render(<WeightBalancePanel fuelBurnGal={0} />);
    expect(row('Takeoff')).toEqual(row('Landing'));
    expect(labelOf('T')).toBe('T/L');
    expect(labelOf('L')).toBeNull();
    expect(labelOf('Z')).toBe('Z');
  });
  it('with fuel burnt each point keeps its own label', () => {
    render(<WeightBalancePanel fuelBurnGal={25} />);
    expect(labelOf('T')).toBe('T');
    expect(labelOf('L')).toBe('L');
  });
  it('no fuel on board: one label for all three', () => {
    render(<WeightBalancePanel fuelBurnGal={0} />);
    enter('wb-load-fuel', '0');
    enter('wb-taxi-fuel', '0');
    expect(labelOf('T')).toBe('T/L/Z');
    expect(labelOf('L')).toBeNull();
    expect(labelOf('Z')).toBeNull();
  });
});

describe('WeightBalancePanel with the aircraft profile (issue 24)', () => {
  it('starts from the stored record: the Cessna 152 loading worked by hand, one utility column', () => {
    const stored: WbRecord = { ...templateRecord('c152'), loading: { loads: { front: 340, baggage1: 20, baggage2: 0, fuel: 24.5 }, taxiFuelGal: 0.8 } };
    stored.aircraft.emptyWeightLb = 1110;
    stored.aircraft.emptyMomentLbIn = 33855;
    render(<WeightBalancePanel fuelBurnGal={10} stored={stored} />);
    expect((screen.getByTestId('wb-empty-moment') as HTMLInputElement).value).toBe('33855');
    // Zero fuel 1470 lb, 48395 lb·in; takeoff 1612.2 lb, 54367.4 lb·in; landing 1552.2 lb, 51847.4 lb·in.
    expect(row('Zero fuel')).toEqual({ weight: '1470.0', cg: (48395 / 1470).toFixed(2) });
    expect(row('Takeoff')).toEqual({ weight: '1612.2', cg: (54367.4 / 1612.2).toFixed(2) });
    expect(row('Landing')).toEqual({ weight: '1552.2', cg: (51847.4 / 1552.2).toFixed(2) });
    expect([...screen.getByRole('table').querySelectorAll('thead th')].map((h) => h.textContent)).toEqual(['', 'Weight lb', 'CG in', 'utility']);
    expect(screen.getByTestId('wb-source').textContent).toContain('FAA Type Certificate Data Sheet 3A19');
    expect(screen.getByTestId('wb-ok')).toBeTruthy();
  });

  it('picking the Archer template changes the stations and the envelope', () => {
    render(<WeightBalancePanel fuelBurnGal={0} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(within(screen.getByRole('listbox')).getByText('Piper PA-28-181 Archer II'));
    expect(screen.getByTestId('wb-load-baggage')).toBeTruthy();
    expect(screen.queryByTestId('wb-load-baggageA')).toBeNull();
    // Example empty 1590 lb at 86.4 in + 170 lb at 80.5 in: zero fuel 1760 lb, 151061 lb·in.
    expect(row('Zero fuel')).toEqual({ weight: '1760.0', cg: (151061 / 1760).toFixed(2) });
  });

  it('Save hands over a record that passes the sync schema, then says it is saved', () => {
    const onSave = vi.fn();
    render(<WeightBalancePanel fuelBurnGal={5} onSave={onSave} tail="N152" />);
    const save = screen.getByTestId('wb-save') as HTMLButtonElement;
    expect(save.textContent).toBe('Save with N152');
    expect(screen.getByTestId('wb-save-state').textContent).toBe('Not saved yet.');
    enter('wb-empty-weight', '1650');
    enter('wb-load-rear', '150');
    fireEvent.click(save);
    const record = onSave.mock.calls[0]![0] as WbRecord;
    expect(wbRecordProblems(record)).toEqual([]);
    expect(record.aircraft.emptyWeightLb).toBe(1650);
    expect(record.loading.loads['rear']).toBe(150);
    expect(screen.getByTestId('wb-save-state').textContent).toBe('Saved with the aircraft profile.');
    expect(save.disabled).toBe(true);
  });

  it('bad input says what and where, and cannot be saved', () => {
    render(<WeightBalancePanel fuelBurnGal={5} onSave={() => undefined} />);
    enter('wb-empty-weight', 'abc');
    enter('wb-load-fuel', '-3');
    expect(screen.getByTestId('wb-input-errors').textContent).toBe('Empty weight: enter pounds as a number above 0 (not "abc").Fuel (usable): enter gallons as a number, 0 or more (not "-3").');
    expect((screen.getByTestId('wb-save') as HTMLButtonElement).disabled).toBe(true);
  });
});
