import { describe, expect, it } from 'vitest';
import { initialOverlaysState, overlayShown, overlaysSlice, overlayToggled } from './overlaysSlice';

describe('overlays slice', () => {
  it('switches an overlay on and off by id, starting off', () => {
    const reduce = overlaysSlice.reducer;
    const on = reduce(initialOverlaysState, overlayToggled('vfr'));
    expect(on.shown).toEqual({ vfr: true });
    expect(reduce(on, overlayToggled('vfr')).shown).toEqual({ vfr: false });
    expect(reduce(on, overlayShown({ id: 'weather', shown: true })).shown).toEqual({ vfr: true, weather: true });
  });
});
