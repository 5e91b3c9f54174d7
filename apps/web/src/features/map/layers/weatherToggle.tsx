import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Tooltip from '@mui/material/Tooltip';
import { alpha, type Theme } from '@mui/material/styles';
import type { WeatherProductType } from '@clearway/protocol';
import { formatWeatherAge, useWeatherSnapshot } from '../../weather';

/** The age line of a weather switch: the age, or why there is none. */
export function weatherToggleAge(ageMs: number | null, status: string): string {
  if (ageMs !== null) return formatWeatherAge(ageMs);
  return status === 'loading' ? '…' : 'no data';
}

/** Height of the age line under a weather switch's name, CSS px. */
const AGE_LINE_PX = 12;

/**
 * A weather layer's switch in the map toolbar: its name and, beneath, the age of the snapshot it
 * draws ("12 min old"); past the type's update interval the switch is dimmed and striped (the stale
 * style, as the layer itself is faded). At least 44 px square.
 */
export function WeatherToggle(props: { type: WeatherProductType; label: string; testId: string; text: string; active: boolean; onClick: () => void }) {
  const { ageMs, stale, status } = useWeatherSnapshot(props.type);
  const age = weatherToggleAge(ageMs, status);
  const title = `${props.label}: ${age}${stale ? ', stale (older than its normal update)' : ''}`;
  const colour = (theme: Theme) => (props.active ? theme.palette.primary.main : theme.palette.text.secondary);
  // The button's visible label is the short name alone, and its accessible name begins with it (WCAG
  // 2.5.3 "label in name": a speech user says "click PIREP"); the age line under it is a status note
  // drawn over the button's lower part, hidden from screen readers, which hear the age in the name.
  return (
    <Box sx={{ position: 'relative', display: 'flex' }}>
      <Tooltip title={title} placement="left">
        <ButtonBase
          aria-label={`${props.label}, ${age}`}
          aria-pressed={props.active}
          data-testid={props.testId}
          data-weather-age={age}
          data-weather-stale={stale ? 'yes' : 'no'}
          data-weather-status={status}
          onClick={props.onClick}
          sx={(theme) => ({
            minWidth: 44,
            minHeight: 44,
            width: 64,
            px: 0.5,
            pb: `${AGE_LINE_PX}px`,
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'center',
            lineHeight: 1.15,
            color: colour(theme),
            opacity: stale ? 0.6 : 1,
            backgroundImage: stale
              ? `repeating-linear-gradient(135deg, transparent 0 5px, ${alpha(theme.palette.text.primary, 0.12)} 5px 8px)`
              : 'none',
            '&:hover': { backgroundColor: theme.palette.action.hover },
            '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
          })}
        >
          <span style={{ fontSize: 12, fontWeight: 700 }}>{props.text}</span>
        </ButtonBase>
      </Tooltip>
      <Box
        component="span"
        aria-hidden
        data-testid={`${props.testId}-age`}
        sx={(theme) => ({
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 'calc(50% - 12.5px)',
          textAlign: 'center',
          fontSize: 10,
          lineHeight: 1.15,
          whiteSpace: 'nowrap',
          pointerEvents: 'none',
          // Not dimmed when stale (the stripes and the dimmed name say it): the age stays readable, 4.5:1.
          color: colour(theme),
        })}
      >
        {age}
      </Box>
    </Box>
  );
}
