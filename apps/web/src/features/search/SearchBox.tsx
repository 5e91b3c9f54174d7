import { useCallback, useContext, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
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
import { airportSelected, commitRoute, loadProfile, routeCleared, useRouteAnalysis } from '../route';
import { mapLocationSet } from '../../store/mapStateSlice';
import { addRecentSearch, loadFavouriteCodes, loadRecentSearches } from '../history';
import {
  CLICK_AWAY_CLOSE_MS,
  extraSuggestion,
  mergeSuggestions,
  normalizeQuery,
  routeSuggestions,
  SEARCH_DEBOUNCE_MS,
  SEARCH_LIMIT,
  suggestionFromHit,
  suggestionLabel,
  type Suggestion,
} from './suggestions';

export type SearchMode = 'route' | 'airport';

interface Props {
  /** 'route' (default): routes, airports, VORs, waypoints, airways; 'airport': airports only. */
  mode?: SearchMode;
  placeholder?: string;
}


/**
 * The search box (spec part 1 §2 "Search box", §4 "Search"): a combobox with a listbox of
 * suggestions, 500 ms debounce, arrow keys and Enter, a clear button and a 1 s click-away close.
 * Its listbox carries `data-suggest-ms`: the time from the debounce end to the suggestions shown.
 */
export function SearchBox({ mode = 'route', placeholder }: Props) {
  const services = useContext(ServicesContext);
  const routing = services?.routing;
  const prefs = services?.prefs;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const unit = useAppSelector((s) => s.units.distance_unit);
  const id = useId();
  const listId = `${id}-listbox`;

  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const requestRef = useRef(0);
  const shownRef = useRef<{ started: number; request: number } | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const summaryCache = useRef(new Map<string, AirportSummary | null>());
  const extrasRef = useRef<{ favourites: string[]; recents: string[] }>({ favourites: [], recents: [] });

  useRouteAnalysis(mode === 'route' ? routing : undefined, mode === 'route' ? prefs : undefined);

  const summaryOf = useCallback(
    async (code: string): Promise<AirportSummary | null> => {
      const cache = summaryCache.current;
      if (cache.has(code)) return cache.get(code) ?? null;
      if (!routing) return null;
      const reply = await routing.call('airportSummary', { code }).catch(() => ({ error: 'failed' }));
      const summary = 'error' in reply ? null : reply;
      cache.set(code, summary);
      return summary;
    },
    [routing],
  );

  const refreshExtras = useCallback(async () => {
    const [favourites, recents] = await Promise.all([loadFavouriteCodes(prefs), loadRecentSearches(prefs)]);
    extrasRef.current = { favourites, recents };
  }, [prefs]);

  useEffect(() => {
    void refreshExtras().catch(() => undefined);
  }, [refreshExtras]);

  const runQuery = useCallback(
    async (query: string) => {
      const request = ++requestRef.current;
      const started = performance.now();
      if (!query || !routing) {
        setOptions([]);
        return;
      }
      const tokens = query.split(/\s+/);
      const last = tokens[tokens.length - 1] ?? '';
      const searchTerm = mode === 'route' ? last : query;
      const searchPromise = routing.call('search', { query: searchTerm, limit: SEARCH_LIMIT }).catch(() => []);
      const routePromise: Promise<Route | null> =
        mode === 'route'
          ? (async () => {
              const profile = await loadProfile(prefs);
              const parsed = await routing.call('parseRoute', { text: query, profile });
              const interesting = tokens.length >= 2 || parsed.invalid_tokens.length > 0 || parsed.airway_errors.length > 0;
              if (!interesting) return null;
              if (parsed.invalid_tokens.length || parsed.airway_errors.length || parsed.waypoints.length < 2) return parsed;
              return await routing.call('runFlightPlan', { route: parsed, profile }).catch(() => parsed);
            })().catch(() => null)
          : Promise.resolve(null);
      const extras = extrasRef.current;
      const extraCodes = tokens.length === 1 ? [...extras.favourites.slice(0, 10), ...extras.recents.slice(0, 10)] : [];
      const summaries = await Promise.all(extraCodes.map((code) => summaryOf(code)));
      const byCode = new Map(extraCodes.map((code, i) => [code, summaries[i] ?? null]));
      const favourites = extras.favourites.filter((code) => byCode.has(code)).map((code) => extraSuggestion(code, byCode.get(code) ?? null, 'Favorite'));
      const recents = extras.recents
        .filter((code) => byCode.has(code))
        .map((code) => extraSuggestion(code, byCode.get(code) ?? null, 'Recent'))
        .filter((s) => mode === 'route' || s.summary);
      const [hits, route] = await Promise.all([searchPromise, routePromise]);
      if (request !== requestRef.current) return;
      let searchRows = hits.map((hit) => suggestionFromHit(hit));
      if (mode === 'airport') searchRows = searchRows.filter((s) => s.type === 'Airport');
      const merged = tokens.length === 1 ? mergeSuggestions(searchRows, favourites, recents, query) : searchRows;
      // A single token still being typed: 'Not recognized' only when nothing else matches.
      const routeRows = route && (tokens.length > 1 || merged.length === 0) ? routeSuggestions(route, unit) : [];
      const rows = [...routeRows, ...merged];
      shownRef.current = { started, request };
      setOptions(rows);
      setActive(-1);
      setOpen(true);
    },
    [routing, prefs, mode, unit, summaryOf],
  );

  // The time from the debounce end to the suggestions in the DOM, for the benchmark.
  useLayoutEffect(() => {
    const shown = shownRef.current;
    if (!shown || shown.request !== requestRef.current) return;
    shownRef.current = null;
    listRef.current?.setAttribute('data-suggest-ms', (performance.now() - shown.started).toFixed(1));
    listRef.current?.setAttribute('data-request', String(shown.request));
  }, [options]);

  useEffect(() => {
    const query = normalizeQuery(text);
    const timer = window.setTimeout(() => void runQuery(query), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, runQuery]);

  useEffect(() => {
    if (active < 0) return;
    const el = listRef.current?.querySelector(`[data-index="${active}"]`);
    if (el && 'scrollIntoView' in el) (el as HTMLElement).scrollIntoView({ block: 'nearest' });
  }, [active]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

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
    setOptions([]);
    close();
    void navigate(pagePath('airport'));
    return true;
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
    // Stamped, stored as the current route, final-fix preview cleared (spec part 2 §4).
    await commitRoute({ prefs, dispatch, now: Date.now }, route);
    await addRecentSearch(prefs, route.final_string).catch(() => undefined);
    await refreshExtras().catch(() => undefined);
  };

  const pick = (option: Suggestion) => {
    if (!option.selectable) return;
    if (option.type === 'Route') {
      void submitRoute(option.code, option.rte);
    } else if (option.summary) {
      void selectAirport(option.summary.code);
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

  const submit = () => {
    const option = active >= 0 ? options[active] : undefined;
    if (option) {
      pick(option);
      return;
    }
    if (mode === 'airport') void selectAirport(normalizeQuery(text));
    else void submitRoute(text);
  };

  const move = (delta: number) => {
    if (!options.length) return;
    setOpen(true);
    setActive((current) => {
      let next = current;
      for (let i = 0; i < options.length; i++) {
        next = (next + delta + options.length) % options.length;
        if (options[next]?.selectable) return next;
      }
      return current;
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape') {
      close();
    }
  };

  const clear = () => {
    requestRef.current++;
    setText('');
    setOptions([]);
    close();
    if (mode === 'route') {
      dispatch(routeCleared());
      void prefs?.deleteProperty('route').catch(() => undefined);
    }
    inputRef.current?.focus();
  };

  const expanded = open && options.length > 0;
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
      <Paper elevation={0} sx={{ display: 'flex', alignItems: 'center', px: 1, height: 40, bgcolor: 'background.paper' }}>
        <SearchIcon fontSize="small" sx={{ color: 'text.secondary', mr: 0.5 }} />
        <InputBase
          sx={{ flex: 1 }}
          placeholder={placeholder ?? (mode === 'airport' ? 'Search airports' : 'Search route, airport, VOR, waypoint')}
          value={text}
          inputRef={inputRef}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
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
                onMouseEnter={() => option.selectable && setActive(index)}
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
