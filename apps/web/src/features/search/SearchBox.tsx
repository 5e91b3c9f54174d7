import { useCallback, useContext, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import type { AirportSummary } from '@clearway/navdb';
import type { Route } from '@clearway/flightplan';
import { ServicesContext } from '../../platform/services';
import { pagePath } from '../../platform/pages';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { airportSelected, commitRoute, loadProfile, routeCleared } from '../route';
import { mapLocationSet } from '../../store/mapStateSlice';
import { addRecentSearch, loadFavouriteCodes, loadRecentSearches } from '../history';
import { airportOverviewUrl, loadAirportOverview, searchAirportOverview, selectAirportDbLoaded } from '../navdata';
import { CLICK_AWAY_CLOSE_MS, normalizeQuery, SEARCH_DEBOUNCE_MS, suggestionLabel, type Suggestion } from './suggestions';
import { fetchAnswers, planQuery, suggestionsFor, type SearchMode } from './query';
import { useCombobox } from './useCombobox';

export type { SearchMode } from './query';

/** Rows and the query (normalizeQuery) they were made for. */
interface Rows {
  query: string;
  rows: Suggestion[];
}

const NO_ROWS: Rows = { query: '', rows: [] };

interface Props {
  /** 'route' (default): routes, airports, VORs, waypoints, airways; 'airport': airports only. */
  mode?: SearchMode;
  placeholder?: string;
}


/**
 * The search box (spec part 1 §2 "Search box", §4 "Search"): a combobox with a listbox of
 * suggestions, 500 ms debounce, arrow keys and Enter (useCombobox), a clear button and a 1 s
 * click-away close. The rows come from query.ts (planQuery, fetchAnswers, suggestionsFor) and are
 * shown only while the box still holds the text they were made for: a keystroke hides the previous
 * query's rows at once (issue 27 point 2), the next rows come 500 ms after the last keystroke.
 * Its listbox carries `data-suggest-ms` (the time from the debounce end to the suggestions shown)
 * and `data-query` (the query its rows are for).
 *
 * While the nav database loads, airports are found in the airports overview the map has fetched
 * (features/navdata searchAirportOverview; `data-source="overview"` on the listbox): picking one opens
 * the airport page, which shows it once the database is open. A route being typed then gets a
 * 'Nav Database is Loading...' row. When the database opens, the rows shown are asked for again.
 */
export function SearchBox({ mode = 'route', placeholder }: Props) {
  const services = useContext(ServicesContext);
  const routing = services?.routing;
  const prefs = services?.prefs;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const unit = useAppSelector((s) => s.units.distance_unit);
  const navDbLoaded = useAppSelector(selectAirportDbLoaded);
  const config = useAppSelector((s) => s.config.config);
  const overviewUrl = !navDbLoaded && config ? airportOverviewUrl(config) : null;
  const id = useId();
  const listId = `${id}-listbox`;

  const [text, setText] = useState('');
  const [answered, setAnswered] = useState<Rows & { fromOverview?: boolean }>(NO_ROWS);
  // Rows made for another text are never shown (nor picked by Enter or a tap).
  const options = answered.query !== '' && answered.query === normalizeQuery(text) ? answered.rows : NO_ROWS.rows;
  const listRef = useRef<HTMLUListElement | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const requestRef = useRef(0);
  const shownRef = useRef<{ started: number; request: number } | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  // Where the mouse was last seen over the rows. A list that opens under a mouse resting on the screen
  // gets a mouse event at that same spot (Chromium sends one when the rows appear under it): that is
  // not the pilot choosing a row, and Enter must still take the route row, not the row under the
  // pointer. Only a pointer that moved makes the row under it the active one.
  const pointerAt = useRef<{ x: number; y: number } | null>(null);
  const pointerMoved = (event: { clientX: number; clientY: number }): boolean => {
    const last = pointerAt.current;
    pointerAt.current = { x: event.clientX, y: event.clientY };
    return last !== null && (last.x !== event.clientX || last.y !== event.clientY);
  };
  const summaryCache = useRef(new Map<string, AirportSummary | null>());
  const extrasRef = useRef<{ favourites: string[]; recents: string[] }>({ favourites: [], recents: [] });
  const combobox = useCombobox({ options, isSelectable: (option) => option.selectable, onEnter: (option) => submit(option) });
  const { active, close, reset } = combobox;

  const summaryOf = useCallback(
    async (code: string): Promise<AirportSummary | null> => {
      const cache = summaryCache.current;
      if (cache.has(code)) return cache.get(code) ?? null;
      if (!routing) return null;
      const reply = await routing.call('airportSummary', { code }).catch(() => ({ error: 'failed' }));
      const summary = 'error' in reply ? null : reply;
      // Unknown while the nav database loads is not unknown for good.
      if (summary || navDbLoaded) cache.set(code, summary);
      return summary;
    },
    [routing, navDbLoaded],
  );

  const refreshExtras = useCallback(async () => {
    const [favourites, recents] = await Promise.all([loadFavouriteCodes(prefs), loadRecentSearches(prefs)]);
    extrasRef.current = { favourites, recents };
  }, [prefs]);

  useEffect(() => {
    void refreshExtras().catch(() => undefined);
  }, [refreshExtras]);

  // Once the map is drawn (it has fetched the overview, so this is read from the browser's cache), the
  // overview is read ahead: the first airport typed is answered without waiting for it.
  const mapSettled = useAppSelector((s) => s.readiness.map.state !== 'pending');
  useEffect(() => {
    if (!overviewUrl || !mapSettled) return;
    void loadAirportOverview(overviewUrl).catch(() => undefined);
  }, [overviewUrl, mapSettled]);

  const runQuery = useCallback(
    async (text: string) => {
      const request = ++requestRef.current;
      const started = performance.now();
      const plan = planQuery(text, mode);
      if (!plan || !routing) {
        setAnswered(NO_ROWS);
        return;
      }
      const overview = overviewUrl
        ? async (term: string, limit: number) => searchAirportOverview(await loadAirportOverview(overviewUrl), term, limit)
        : undefined;
      const answers = await fetchAnswers(plan, { routing, profile: () => loadProfile(prefs), summaryOf, extras: extrasRef.current, overview });
      if (request !== requestRef.current) return;
      shownRef.current = { started, request };
      setAnswered({ query: plan.query, rows: suggestionsFor(plan, mode, answers, unit), fromOverview: answers.fromOverview });
      reset();
    },
    // overviewUrl turns null when the nav database opens: the text shown is asked for again.
    [routing, prefs, mode, unit, summaryOf, reset, overviewUrl],
  );

  // The time from the debounce end to the suggestions in the DOM, for the benchmark.
  useLayoutEffect(() => {
    const shown = shownRef.current;
    if (!shown || shown.request !== requestRef.current) return;
    shownRef.current = null;
    listRef.current?.setAttribute('data-suggest-ms', (performance.now() - shown.started).toFixed(1));
    listRef.current?.setAttribute('data-request', String(shown.request));
  }, [answered]);

  useEffect(() => {
    const timer = window.setTimeout(() => void runQuery(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, runQuery]);

  useEffect(() => {
    if (active < 0) return;
    const el = listRef.current?.querySelector(`[data-index="${active}"]`);
    if (el && 'scrollIntoView' in el) (el as HTMLElement).scrollIntoView({ block: 'nearest' });
  }, [active]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const selectAirport = async (code: string): Promise<boolean> => {
    if (!routing) return false;
    const reply = await routing.call('airportSummary', { code }).catch(() => ({ error: 'failed' }));
    if ('error' in reply) return false;
    await prefs?.setProperty('airport_id', reply.code).catch(() => undefined);
    dispatch(airportSelected(reply.code));
    // The map shows the chosen airport when it is next in view.
    dispatch(mapLocationSet({ lat: reply.latDeg, lon: reply.lonDeg, type: 'airport' }));
    requestRef.current++;
    setText('');
    setAnswered(NO_ROWS);
    close();
    void navigate(pagePath('airport'));
    return true;
  };

  /** An airport of the overview (no summary while the nav database loads): its page waits for the database. */
  const openOverviewAirport = async (code: string, lat: number | null | undefined, lon: number | null | undefined) => {
    await prefs?.setProperty('airport_id', code).catch(() => undefined);
    dispatch(airportSelected(code));
    if (typeof lat === 'number' && typeof lon === 'number') dispatch(mapLocationSet({ lat, lon, type: 'airport' }));
    requestRef.current++;
    setText('');
    setAnswered(NO_ROWS);
    close();
    void navigate(pagePath('airport'));
  };

  const submitRoute = async (input: string, parsed?: Route) => {
    const query = normalizeQuery(input);
    if (!query || !routing) return;
    const profile = await loadProfile(prefs);
    const route = parsed ?? (await routing.call('parseRoute', { text: query, profile }).catch(() => null));
    if (!route || !route.final_string) return;
    requestRef.current++;
    close();
    setText(route.final_string);
    // The search goes into the history first, so a route that is stored is always in Recent Routes
    // too, even when the page is closed or reloaded the moment the route is stored.
    await addRecentSearch(prefs, route.final_string).catch((error: unknown) => console.error('Could not store the recent search', error));
    // Stamped, stored as the current route, final-fix preview cleared (spec part 2 §4).
    await commitRoute({ prefs, dispatch, now: Date.now }, route);
    await refreshExtras().catch(() => undefined);
  };

  const pick = (option: Suggestion) => {
    if (!option.selectable) return;
    if (option.type === 'Route') {
      void submitRoute(option.code, option.rte);
    } else if (option.summary) {
      void selectAirport(option.summary.code);
    } else if (option.type === 'Airport' && option.resultType === 'Search') {
      void openOverviewAirport(option.code, option.latDeg, option.lonDeg);
    } else if (option.resultType === 'Recent') {
      setText(option.code);
      void submitRoute(option.code);
    } else {
      // A VOR, waypoint or airway: it replaces the token being typed.
      const tokens = text.trim().split(/\s+/);
      tokens[tokens.length - 1] = option.ident;
      setText(`${tokens.join(' ')} `);
      inputRef.current?.focus();
    }
  };

  /** Enter: the active row, else the typed text. */
  function submit(option: Suggestion | undefined): void {
    if (option) {
      pick(option);
      return;
    }
    if (mode === 'airport') void selectAirport(normalizeQuery(text));
    else void submitRoute(text);
  }

  const clear = () => {
    requestRef.current++;
    setText('');
    setAnswered(NO_ROWS);
    close();
    if (mode === 'route') {
      dispatch(routeCleared());
      void prefs?.deleteProperty('route').catch(() => undefined);
    }
    inputRef.current?.focus();
  };

  const { expanded } = combobox;
  const activeOption = expanded && active >= 0 ? options[active] : undefined;

  return (
    <Box
      data-testid="search-box"
      data-mode={mode}
      sx={{ position: 'relative', flex: 1, minWidth: 120, maxWidth: 640 }}
      onFocus={() => window.clearTimeout(closeTimer.current)}
      onBlur={() => {
        window.clearTimeout(closeTimer.current);
        closeTimer.current = window.setTimeout(close, CLICK_AWAY_CLOSE_MS);
      }}
    >
      <Paper elevation={0} sx={{ display: 'flex', alignItems: 'center', px: 1, height: 44, bgcolor: 'background.paper' }}>
        <SearchIcon fontSize="small" sx={{ color: 'text.secondary', mr: 0.5 }} />
        <InputBase
          sx={{ flex: 1 }}
          placeholder={placeholder ?? (mode === 'airport' ? 'Search airports' : 'Search route, airport, VOR, waypoint')}
          value={text}
          inputRef={inputRef}
          onChange={(event) => {
            setText(event.target.value);
            combobox.show();
          }}
          onKeyDown={combobox.onKeyDown}
          // The overview is fetched as the box is first used (the map has usually cached it already).
          onFocus={() => overviewUrl && void loadAirportOverview(overviewUrl).catch(() => undefined)}
          inputProps={{
            role: 'combobox',
            'aria-label': mode === 'airport' ? 'Search airports' : 'Search',
            'aria-autocomplete': 'list',
            'aria-expanded': expanded,
            'aria-controls': listId,
            'aria-activedescendant': activeOption ? `${id}-option-${active}` : undefined,
            autoComplete: 'off',
            spellCheck: false,
            'data-testid': 'search-input',
          }}
        />
        {text && (
          <IconButton size="small" aria-label="clear search" data-testid="search-clear" onClick={clear}>
            <ClearIcon fontSize="small" />
          </IconButton>
        )}
      </Paper>
      <Paper
        elevation={6}
        sx={{ position: 'absolute', top: 44, left: 0, right: 0, zIndex: 1400, display: expanded ? 'block' : 'none' }}
      >
        <Box
          component="ul"
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Search suggestions"
          data-testid="search-listbox"
          data-query={options.length > 0 ? answered.query : undefined}
          data-source={options.length > 0 ? (answered.fromOverview ? 'overview' : 'navdb') : undefined}
          sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 250, overflowY: 'auto' }}
        >
          {options.map((option, index) => {
            const label = suggestionLabel(option);
            return (
              <Box
                component="li"
                key={option.key}
                id={`${id}-option-${index}`}
                role="option"
                data-index={index}
                data-testid="search-option"
                data-type={option.type}
                aria-selected={index === active}
                aria-disabled={!option.selectable}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={(event) => option.selectable && index !== active && pointerMoved(event) && combobox.setActive(index)}
                onClick={() => pick(option)}
                sx={{
                  px: 1.5,
                  py: 0.75,
                  cursor: option.selectable ? 'pointer' : 'default',
                  color: option.type === 'Error' ? 'error.main' : option.type === 'Warning' ? 'warning.main' : 'text.primary',
                  bgcolor: index === active ? 'action.selected' : undefined,
                  fontSize: 14,
                }}
              >
                <Box component="span" sx={{ display: 'block' }}>
                  {label.primary}
                </Box>
                {label.secondary && (
                  <Box component="span" sx={{ display: 'block', fontSize: 12, color: 'text.secondary' }}>
                    {label.secondary}
                  </Box>
                )}
              </Box>
            );
          })}
        </Box>
      </Paper>
    </Box>
  );
}
