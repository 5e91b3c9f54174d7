// The list of Along the Route: one row per airport, a 44 px (and more) button that opens its airport
// page. Theme colours only (night from the theme), the spec's category colours with their names.
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { CategoryBadge } from './CategoryBadge';
import { formatAlong, formatOffset, zulu, type AlongRouteRow, type TafAtEta } from './rows';
import { NO_TAF_TEXT, NO_WEATHER_TEXT } from './texts';

const ROLE_TEXT = { departure: 'Departure', destination: 'Destination', alternate: 'Alternate', en_route: null } as const;

function TafLine({ taf, atMs, timed }: { taf: TafAtEta; atMs: number; timed: boolean }) {
  const when = timed ? `at ETA ${zulu(atMs)}` : `now (${zulu(atMs)})`;
  if (taf.kind === 'none') return <Typography variant="body2" color="text.secondary" data-testid="along-taf" data-kind="none">{NO_TAF_TEXT}</Typography>;
  if (taf.kind === 'undecodable') return <Typography variant="body2" color="text.secondary" data-testid="along-taf" data-kind="undecodable">TAF could not be read</Typography>;
  if (taf.kind === 'outside') {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="along-taf" data-kind="outside">
        TAF {when}: outside its validity ({zulu(taf.validFromMs)} to {zulu(taf.validToMs)})
      </Typography>
    );
  }
  return (
    <Box data-testid="along-taf" data-kind="forecast">
      <Typography variant="body2" component="div" sx={{ display: 'flex', gap: 0.75, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <span>TAF {when}:</span>
        <CategoryBadge category={taf.prevailing.category} small testId="along-taf-category" />
        <span data-testid="along-taf-text">{taf.prevailing.text}</span>
      </Typography>
      {taf.possible.map((p, i) => (
        <Typography
          key={`${p.label}-${i}`}
          variant="body2"
          component="div"
          data-testid="along-taf-possible"
          data-label={p.label}
          sx={{ display: 'flex', gap: 0.75, alignItems: 'baseline', flexWrap: 'wrap', pl: 1.5 }}
        >
          <span>Possible ({p.label}):</span>
          <CategoryBadge category={p.category} small />
          <span>{p.text}</span>
        </Typography>
      ))}
    </Box>
  );
}

export function AlongRouteList({ rows, onOpen }: { rows: readonly AlongRouteRow[]; onOpen: (ident: string) => void }) {
  return (
    <List disablePadding data-testid="along-route-list" sx={{ borderTop: 1, borderColor: 'divider' }}>
      {rows.map((row) => {
        const a = row.airport;
        const role = ROLE_TEXT[a.role];
        return (
          <ListItemButton
            key={`${a.id}|${a.latDeg}|${a.lonDeg}`}
            data-testid="along-row"
            data-ident={a.ident}
            data-role={a.role}
            data-offset-nm={a.offsetNm.toFixed(2)}
            data-along-nm={a.alongNm.toFixed(2)}
            onClick={() => onOpen(a.ident)}
            sx={{ minHeight: 44, display: 'block', py: 1, px: { xs: 1, sm: 1.5 }, borderBottom: 1, borderColor: 'divider' }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              <Typography component="span" sx={{ fontWeight: 700, flexShrink: 0 }} data-testid="along-ident">
                {a.ident}
              </Typography>
              <Typography component="span" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {a.name}
              </Typography>
              <CategoryBadge category={row.category} testId="along-category" />
            </Box>
            <Typography variant="body2" color="text.secondary" data-testid="along-position" sx={{ overflowWrap: 'anywhere' }}>
              {role ? <strong>{role} · </strong> : null}
              {formatAlong(a.alongNm)} along · <span data-testid="along-offset">{formatOffset(a.offsetNm)}</span>
              {a.etaMs !== null ? ` · ETA ${zulu(a.etaMs)}` : ''} · {a.legFrom === a.legTo ? a.legFrom : `${a.legFrom}–${a.legTo}`}
            </Typography>
            {row.noWeather ? (
              <Typography variant="body2" color="text.secondary" data-testid="along-no-weather">
                {NO_WEATHER_TEXT}
              </Typography>
            ) : (
              <>
                <Typography variant="body2" data-testid="along-metar" sx={{ overflowWrap: 'anywhere' }}>
                  {row.wind && row.metarAge ? `${row.wind} · ${row.metarAge}` : 'No METAR'}
                </Typography>
                <TafLine taf={row.taf} atMs={row.tafAtMs} timed={a.etaMs !== null} />
              </>
            )}
          </ListItemButton>
        );
      })}
    </List>
  );
}
