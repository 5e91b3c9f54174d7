import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RoutingWorkerFacade } from '../../../worker/facade';
import { fixtureRouting, flownRoute, renderHost } from '../../../test/route/editKit';

/*
 * A code repeated in the route (KHWD SUNOL KHWD KOAK): the controls of the row of the second KHWD
 * act on that KHWD, not on the first one with the same code.
 */

let routing: RoutingWorkerFacade;

beforeAll(async () => {
  routing = await fixtureRouting();
});

const ROUTE = 'KHWD SUNOL KHWD KOAK';
const rows = () => screen.getAllByTestId('wpt').map((e) => e.textContent);
const finalString = () => screen.getByTestId('final-string').textContent;
const row = (i: number) => within(screen.getByTestId(`leg-edit-${i}`));

async function addThroughSearch(code: string): Promise<void> {
  fireEvent.change(screen.getByRole('textbox', { name: 'Waypoint' }), { target: { value: code } });
  fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
}

describe('edit controls on a repeated waypoint', () => {
  it('removes the second KHWD, not the first', async () => {
    const { edits } = renderHost(routing, await flownRoute(routing, ROUTE));
    expect(rows()).toEqual(['SUNOL', 'KHWD', 'KOAK']);
    fireEvent.click(row(1).getByRole('button', { name: 'Remove KHWD' }));
    await waitFor(() => expect(finalString()).toBe('KHWD SUNOL KOAK'));
    expect(edits).toMatchObject([{ op: 'removeWaypoint', code: { code: 'KHWD', original_index: 2 } }]);
  });

  it('inserts before and after the second KHWD', async () => {
    renderHost(routing, await flownRoute(routing, ROUTE));
    fireEvent.click(row(1).getByRole('button', { name: 'Insert after KHWD' }));
    expect(row(1).getByRole('button', { name: 'Insert after KHWD' }).getAttribute('aria-pressed')).toBe('true');
    await addThroughSearch('OAK');
    await waitFor(() => expect(finalString()).toBe('KHWD SUNOL KHWD OAK KOAK'));

    fireEvent.click(row(1).getByRole('button', { name: 'Insert before KHWD' }));
    await addThroughSearch('OAK');
    await waitFor(() => expect(finalString()).toBe('KHWD SUNOL OAK KHWD OAK KOAK'));
  });

  it('sets and clears a VNAV altitude on the second KHWD', async () => {
    const { edits } = renderHost(routing, await flownRoute(routing, ROUTE));
    expect(row(1).queryByRole('button', { name: 'Clear VNAV KHWD' })).toBeNull();
    fireEvent.click(row(1).getByRole('button', { name: 'VNAV KHWD' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'VNAV altitude' }), { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set' }));
    // The row of the second KHWD now has a constraint to clear.
    fireEvent.click(await row(1).findByRole('button', { name: 'Clear VNAV KHWD' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear VNAV' }));
    await waitFor(() => expect(row(1).queryByRole('button', { name: 'Clear VNAV KHWD' })).toBeNull());
    expect(edits).toMatchObject([
      { op: 'setAltitude1', code: { code: 'KHWD', original_index: 2 }, altitude: '3000' },
      { op: 'setAltitude1', code: { code: 'KHWD', original_index: 2 }, altitude: -1 },
    ]);
  });

  it('marks the second KHWD direct-to', async () => {
    renderHost(routing, await flownRoute(routing, ROUTE));
    fireEvent.click(row(1).getByRole('button', { name: 'Direct To KHWD' }));
    await waitFor(() => expect(rows()).toEqual(['SUNOL', '*KHWD', 'KOAK']));
  });
});
