import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../test/renderApp';
import { setSplit } from '../features/map/layoutSlice';
import { RESTORE_MAP_LABEL } from './TopBar';

describe('top bar', () => {
  it('Restore Map goes to /app/map1 and leaves split screen', async () => {
    const { store, router } = renderApp('/app/map2');
    await screen.findByTestId('map-host');
    store.dispatch(setSplit({ splitHorizontal: false, splitVertical: true }));
    await waitFor(() => expect(screen.getByTestId('map-host').getAttribute('data-map-layout')).toBe('vertical'));

    fireEvent.click(screen.getByRole('button', { name: RESTORE_MAP_LABEL }));
    expect(store.getState().layout).toMatchObject({ splitHorizontal: false, splitVertical: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/map1'));
    expect(screen.getByTestId('map-host').getAttribute('data-map-layout')).toBe('single');
  });
});
