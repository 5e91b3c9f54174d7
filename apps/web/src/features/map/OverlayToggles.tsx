import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { OVERLAYS } from './layers';
import { WeatherToggle } from './layers/weatherToggle';
import { overlayToggled } from './overlaysSlice';
import { ToolbarButton } from './ToolbarButton';

/** The map toolbar's switch of each overlay that has a `toggle` (layers/index.ts), through the store; a weather layer's shows its age. */
export function OverlayToggles() {
  const dispatch = useAppDispatch();
  const shown = useAppSelector((s) => s.overlays.shown);
  return OVERLAYS.map(({ id, toggle }) => {
    if (!toggle) return null;
    const active = shown[id] === true;
    const onClick = () => dispatch(overlayToggled(id));
    if (toggle.weather) return <WeatherToggle key={id} type={toggle.weather} label={toggle.label} testId={toggle.testId} text={toggle.text} active={active} onClick={onClick} />;
    return (
      <ToolbarButton key={id} label={toggle.label} testId={toggle.testId} active={active} onClick={onClick}>
        {toggle.text}
      </ToolbarButton>
    );
  });
}
