import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WeightBalancePanel } from './WeightBalancePanel';

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
