import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { DISTANCE_UNITS, isDistanceUnit, isTemperatureUnit } from '@clearway/geo';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { RESUME_NAV_OPTIONS, setDarkMode, setPerformanceMode, setResumeNav } from './settingsSlice';
import {
  setDistanceUnit,
  setTakeoffThreshold,
  setTempUnit,
  TAKEOFF_THRESHOLD_MAX_KT,
  TAKEOFF_THRESHOLD_MIN_KT,
} from './unitsSlice';
import { unitsSampleText } from './unitsSample';

/**
 * The settings drawer's controls (spec part 1 §2 "Shell", part 2 §2). Each change goes to the store at
 * once; the store's persistence listener writes it to prefs, and the theme and units follow at once.
 */
export default function SettingsPanel() {
  const dispatch = useAppDispatch();
  const settings = useAppSelector((s) => s.settings);
  const units = useAppSelector((s) => s.units);

  return (
    <Box data-testid="settings-panel" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography component="h2" variant="h6">
        Settings
      </Typography>

      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <FormControlLabel
          control={<Switch checked={settings.dark_mode} onChange={(_e, checked) => dispatch(setDarkMode(checked))} />}
          label="Day/Night"
        />
        <Typography variant="body2" color="text.secondary" data-testid="theme-mode">
          {settings.dark_mode ? 'Night' : 'Day'}
        </Typography>
      </Box>

      <FormControl>
        <FormLabel id="temp-unit-label">Temperature Unit</FormLabel>
        <RadioGroup
          row
          aria-labelledby="temp-unit-label"
          value={units.temp_unit}
          onChange={(_e, value) => isTemperatureUnit(value) && dispatch(setTempUnit(value))}
        >
          <FormControlLabel value="f" control={<Radio />} label="°F" />
          <FormControlLabel value="c" control={<Radio />} label="°C" />
        </RadioGroup>
      </FormControl>

      <FormControl>
        <FormLabel id="distance-unit-label">Distance Unit</FormLabel>
        <RadioGroup
          row
          aria-labelledby="distance-unit-label"
          value={units.distance_unit}
          onChange={(_e, value) => isDistanceUnit(value) && dispatch(setDistanceUnit(value))}
        >
          {DISTANCE_UNITS.map((unit) => (
            <FormControlLabel key={unit} value={unit} control={<Radio />} label={unit} />
          ))}
        </RadioGroup>
        <Typography variant="body2" color="text.secondary" data-testid="implied-units">
          Speed in {units.speed_unit}, altitude in {units.alt_unit}
        </Typography>
      </FormControl>

      <Typography variant="body2" data-testid="units-sample">
        {unitsSampleText(units.distance_unit, units.temp_unit)}
      </Typography>

      <Divider />

      <FormControlLabel
        control={<Switch checked={settings.performance_mode} onChange={(_e, checked) => dispatch(setPerformanceMode(checked))} />}
        label="Performance Mode"
      />

      <FormControl fullWidth>
        <InputLabel variant="standard" htmlFor="resume-nav">
          Resume Navigation after map panning
        </InputLabel>
        <NativeSelect
          value={settings.resume_nav}
          onChange={(e) => dispatch(setResumeNav(Number(e.target.value)))}
          inputProps={{ id: 'resume-nav', name: 'resume_nav' }}
        >
          {RESUME_NAV_OPTIONS.map((option) => (
            <option key={option.seconds} value={option.seconds}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </FormControl>

      <Box>
        <Typography id="takeoff-speed-label" gutterBottom>
          Takeoff Speed: <span data-testid="takeoff-speed-value">{units.takeoff_threshold} kt</span>
        </Typography>
        <Slider
          aria-label="Takeoff Speed"
          min={TAKEOFF_THRESHOLD_MIN_KT}
          max={TAKEOFF_THRESHOLD_MAX_KT}
          step={1}
          value={units.takeoff_threshold}
          valueLabelDisplay="auto"
          getAriaValueText={(value) => `${value} kt`}
          onChange={(_e, value) => dispatch(setTakeoffThreshold(Array.isArray(value) ? (value[0] ?? TAKEOFF_THRESHOLD_MIN_KT) : value))}
        />
      </Box>

    </Box>
  );
}
