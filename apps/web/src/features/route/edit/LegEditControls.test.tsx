import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RoutingWorkerFacade } from '../../../worker/facade';
import { fixtureRouting, flownRoute, renderHost } from '../../../test/route/editKit';

let routing: RoutingWorkerFacade;

beforeAll(async () => {
  routing = await fixtureRouting();
});

const rows = () => screen.getAllByTestId('wpt').map((e) => e.textContent);
const finalString = () => screen.getByTestId('final-string').textContent;
const row = (i: number) => within(screen.getByTestId(`leg-edit-${i}`));
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('LegEditControls with the real engine', () => {
  it('shows DP only on the origin leg, Star and Approach only on the destination leg, insert at start / end', async () => {
    renderHost(routing, await flownRoute(routing, 'KHWD SUNOL KOAK'));
    expect(rows()).toEqual(['SUNOL', 'KOAK']);
    expect(row(0).getByRole('button', { name: 'DP' })).toBeTruthy();
    expect(row(0).getByRole('button', { name: 'Insert at start' })).toBeTruthy();
    expect(row(0).queryByRole('button', { name: 'Star' })).toBeNull();
    expect(row(1).getByRole('button', { name: 'Star' })).toBeTruthy();
    expect(row(1).getByRole('button', { name: 'Approach' })).toBeTruthy();
    expect(row(1).getByRole('button', { name: 'Insert at end' })).toBeTruthy();
    expect(row(1).queryByRole('button', { name: 'DP' })).toBeNull();
    expect(row(1).queryByRole('button', { name: 'Move down KOAK' })).toBeNull();
    // No altitude set: no Clear VNAV.
    expect(screen.queryByRole('button', { name: 'Clear VNAV SUNOL' })).toBeNull();
  });

  it('inserts a waypoint through the search, moves it up and removes it', async () => {
    const { edits } = renderHost(routing, await flownRoute(routing, 'KHWD SUNOL KOAK'));
    click('Insert after SUNOL');
    expect(screen.getByRole('button', { name: 'Insert after SUNOL' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByRole('textbox', { name: 'Waypoint' }), { target: { value: 'oak' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    await waitFor(() => expect(rows()).toEqual(['SUNOL', 'OAK', 'KOAK']));
    expect(screen.queryByTestId('edit-panel')).toBeNull();

    click('Move up OAK');
    await waitFor(() => expect(rows()).toEqual(['OAK', 'SUNOL', 'KOAK']));
    click('Remove OAK');
    await waitFor(() => expect(rows()).toEqual(['SUNOL', 'KOAK']));
    expect(edits.map((e) => e.op)).toEqual(['addWaypoint2', 'moveUp', 'removeWaypoint']);
  });

  it('inserts at the start and moves a waypoint down', async () => {
    renderHost(routing, await flownRoute(routing, 'KHWD SUNOL KOAK'));
    click('Insert at start');
    fireEvent.change(screen.getByRole('textbox', { name: 'Waypoint' }), { target: { value: 'SUNOL' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    await waitFor(() => expect(finalString()).toBe('SUNOL KHWD SUNOL KOAK'));
    click('Move down KHWD');
    await waitFor(() => expect(finalString()).toBe('SUNOL SUNOL KHWD KOAK'));
  });

  it('removes an airway', async () => {
    const { edits } = renderHost(routing, await flownRoute(routing, 'KHWD OAK V334 SUNOL KOAK'));
    expect(rows()).toEqual(['OAK', 'V334', 'SUNOL', 'KOAK']);
    expect(screen.queryByRole('button', { name: 'Remove V334' })).toBeNull();
    click('Remove airway V334');
    await waitFor(() => expect(finalString()).toBe('KHWD OAK SUNOL KOAK'));
    expect(edits).toMatchObject([{ op: 'removeAirway', airway: { code: 'V334', type: 'AIRWAY', original_index: 2 } }]);
  });

  it('sets a VNAV altitude and clears it again', async () => {
    const { edits } = renderHost(routing, await flownRoute(routing, 'KHWD SUNOL KOAK'));
    click('VNAV SUNOL');
    fireEvent.change(screen.getByRole('textbox', { name: 'VNAV altitude' }), { target: { value: '4500' } });
    click('Set');
    fireEvent.click(await screen.findByRole('button', { name: 'Clear VNAV SUNOL' }));
    click('Clear VNAV');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Clear VNAV SUNOL' })).toBeNull());
    // The edits name the row's waypoint exactly (SUNOL, waypoint 1 of the route).
    expect(edits).toMatchObject([
      { op: 'setAltitude1', code: { code: 'SUNOL', original_index: 1 }, altitude: '4500' },
      { op: 'setAltitude1', code: { code: 'SUNOL', original_index: 1 }, altitude: -1 },
    ]);
  });

  it('Direct To is a local change; toggling again restores the stored route', async () => {
    const { edits } = renderHost(routing, await flownRoute(routing, 'KHWD SUNOL KOAK'));
    click('Direct To KOAK');
    await waitFor(() => expect(rows()).toEqual(['SUNOL', '*KOAK']));
    click('Direct To KOAK');
    await waitFor(() => expect(rows()).toEqual(['SUNOL', 'KOAK']));
    expect(edits).toEqual([]);
  });

  it('adds a DP, a STAR and an approach through the cascades; their buttons then go', async () => {
    renderHost(routing, await flownRoute(routing, 'KHWD SUNOL KHWD'));
    click('DP');
    const dp = await screen.findByRole('combobox', { name: 'DP' });
    await waitFor(() => expect(within(dp).getAllByRole('option').map((o) => o.textContent)).toContain('HWD THREE'));
    fireEvent.change(dp, { target: { value: 'HWD3' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Select DP' }));
    await waitFor(() => expect(finalString()).toBe('KHWD HWD3 SUNOL KHWD'));
    expect(screen.queryByRole('button', { name: 'DP' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove DP' })).toBeTruthy();
    // Nothing goes between the origin and its DP.
    expect(screen.queryByRole('button', { name: 'Insert before HWD3' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Insert before SUNOL' })).toBeTruthy();

    click('Star');
    const star = await screen.findByRole('combobox', { name: 'STAR' });
    await waitFor(() => expect(within(star).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(star, { target: { value: 'SHARR1' } });
    const transition = await screen.findByRole('combobox', { name: 'Transition' });
    fireEvent.change(transition, { target: { value: 'RUSME' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Select STAR' }));
    await waitFor(() => expect(finalString()).toBe('KHWD HWD3 SUNOL RUSME.SHARR1 KHWD'));
    expect(screen.queryByRole('button', { name: 'Star' })).toBeNull();
    // Nor between the STAR and the destination.
    expect(screen.queryByRole('button', { name: 'Insert before KHWD' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Insert after RUSME.SHARR1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Insert before RUSME.SHARR1' })).toBeTruthy();

    click('Approach');
    const approach = await screen.findByRole('combobox', { name: 'Approach' });
    await waitFor(() => expect(within(approach).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(approach, { target: { value: 'R28L' } });
    const appTransition = await screen.findByRole('combobox', { name: 'Transition' });
    await waitFor(() => expect(within(appTransition).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(appTransition, { target: { value: 'VTF' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Select Approach' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approach' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Remove approach' })).toBeTruthy();

    click('Remove STAR');
    await waitFor(() => expect(finalString()).toBe('KHWD HWD3 SUNOL KHWD'));
    expect(screen.getByRole('button', { name: 'Star' })).toBeTruthy();
  });
});
