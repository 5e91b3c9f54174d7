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

describe('remembered weather layers', () => {
  it('keeps the weather switches for prefs, not the others, and takes them back from prefs', async () => {
    const { prefsLoaded } = await import('../../store/prefsActions');
    const reduce = overlaysSlice.reducer;
    let state = reduce(initialOverlaysState, overlayToggled('vfr'));
    state = reduce(state, overlayToggled('wx-metar'));
    state = reduce(state, overlayShown({ id: 'wx-pirep', shown: false }));
    expect(state.remembered).toEqual({ 'wx-metar': true, 'wx-pirep': false });
    const loaded = reduce(initialOverlaysState, prefsLoaded({ weather_layers: { 'wx-metar': true, 'wx-airmet': false, vfr: true } }));
    expect(loaded.shown).toEqual({ 'wx-metar': true, 'wx-airmet': false });
    expect(loaded.remembered).toEqual({ 'wx-metar': true, 'wx-airmet': false });
  });
});
