import { describe, expect, it } from 'vitest';
import type { AirportSummary, SearchHit } from '@clearway/navdb';
import type { Route } from '@clearway/flightplan';
import { extraSuggestion, mergeSuggestions, normalizeQuery, routeSuggestions, suggestionFromHit, suggestionLabel } from './suggestions';

const summary = (code: string, name: string) => ({ code, icao: `K${code}`, name, municipality: 'X', state: 'CA' }) as AirportSummary;
const hit = (ident: string, type: SearchHit['type'] = 'Waypoint', s: AirportSummary | null = null): SearchHit => ({
  type,
  ident,
  name: ident,
  place: null,
  latDeg: 1,
  lonDeg: 2,
  summary: s,
});
const route = (over: Partial<Route>) => ({ final_string: 'A B', total_distance: 12.34, airway_errors: [], invalid_tokens: [], waypoints: [], ...over }) as unknown as Route;

describe('search suggestions', () => {
  it('trims and uppercases the input', () => {
    expect(normalizeQuery('  khwd oak ')).toBe('KHWD OAK');
  });

  it('adds at most 3 favourites and 3 recents and de-duplicates by summary code or ident', () => {
    const favs = ['HWD', 'HAF', 'HBB', 'HCC'].map((c) => extraSuggestion(c, summary(c, `${c} field`), 'Favorite'));
    const recents = ['HWD', 'HX1', 'HX2', 'HX3', 'HX4'].map((c) => extraSuggestion(c, null, 'Recent'));
    const hits = [suggestionFromHit(hit('HWD', 'Airport', summary('HWD', 'HAYWARD'))), suggestionFromHit(hit('HX1')), suggestionFromHit(hit('HYZ'))];
    const merged = mergeSuggestions(hits, favs, recents, 'H');
    expect(merged.map((s) => `${s.resultType}:${s.code}`)).toEqual([
      'Favorite:HWD',
      'Favorite:HAF',
      'Favorite:HBB',
      'Recent:HX1',
      'Recent:HX2',
      'Search:HYZ',
    ]);
  });

  it('limits search results to 30 and filters extras by the query', () => {
    const hits = Array.from({ length: 40 }, (_, i) => suggestionFromHit(hit(`W${i}`)));
    const recents = [extraSuggestion('KSFO', null, 'Recent')];
    expect(mergeSuggestions(hits, [], recents, 'W')).toHaveLength(30);
  });

  it('makes a selectable route suggestion with the distance in the user unit', () => {
    const [row] = routeSuggestions(route({ final_string: 'KHWD OAK KSFO', total_distance: 20 }), 'nm');
    expect(row?.text).toBe('Select Route: KHWD OAK KSFO Distance: 20 nm');
    expect(row?.selectable).toBe(true);
    expect(routeSuggestions(route({ total_distance: 10 }), 'km')[0]?.text).toBe('Select Route: A B Distance: 19 km');
  });

  it('shows airway errors and invalid tokens instead of an unselectable route', () => {
    const rows = routeSuggestions(route({ airway_errors: ['V25 does not contain XYZ'], invalid_tokens: ['ZZZZZ'] }), 'nm');
    expect(rows.map((r) => [r.text, r.type, r.selectable])).toEqual([
      ['V25 does not contain XYZ', 'Error', false],
      ['Not recognized: ZZZZZ', 'Error', false],
    ]);
  });

  it("says why under an error row (the token's note) and shows warnings as rows that do not block selection", () => {
    const bad = routeSuggestions(
      route({
        invalid_tokens: ['PWL1111'],
        token_notes: [
          { token: 'PWL1111', index: 1, severity: 'error', message: 'PWL1111: write a radial as 3 digits and a DME distance as 3 more (e.g. PWL111, PWL111/016 or PWL111016)' },
          { token: 'PWL119', index: 3, severity: 'warning', message: "PWL119: PWL's 119 radial does not pass BRISS (3.9 nm off)" },
        ],
      }),
      'nm',
    );
    expect(bad.map((r) => [suggestionLabel(r).primary, suggestionLabel(r).secondary, r.type, r.selectable])).toEqual([
      ['Not recognized: PWL1111', 'PWL1111: write a radial as 3 digits and a DME distance as 3 more (e.g. PWL111, PWL111/016 or PWL111016)', 'Error', false],
      ["PWL119: PWL's 119 radial does not pass BRISS (3.9 nm off)", '', 'Warning', false],
    ]);
    const good = routeSuggestions(
      route({ final_string: 'IGN PWL PWL119 BRISS BDL', token_notes: [{ token: 'PWL119', index: 2, severity: 'warning', message: "PWL119: PWL's 119 radial does not pass BRISS (3.9 nm off)" }] }),
      'nm',
    );
    expect(good.map((r) => [r.type, r.selectable])).toEqual([
      ['Route', true],
      ['Warning', false],
    ]);
  });
});

describe('suggestion labels', () => {
  it('shows a recent route once, and an airport with its ids and name', () => {
    expect(suggestionLabel(extraSuggestion('KHWD OAK KSFO', null, 'Recent'))).toEqual({ primary: 'KHWD OAK KSFO', secondary: 'Recent' });
    expect(suggestionLabel(suggestionFromHit({ ...hit('KHWD', 'Airport', summary('HWD', 'HAYWARD EXEC')), name: 'HAYWARD EXEC' })).primary).toBe('HWD / KHWD HAYWARD EXEC');
  });
});
