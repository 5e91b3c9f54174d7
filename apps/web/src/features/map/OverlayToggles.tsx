import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { OVERLAYS } from './layers';
import { overlayToggled } from './overlaysSlice';
import { ToolbarButton } from './ToolbarButton';

/** The map toolbar's switch of each overlay that has a `toggle` (layers/index.ts), through the store. */
export function OverlayToggles() {
  const dispatch = useAppDispatch();
  const shown = useAppSelector((s) => s.overlays.shown);
  return OVERLAYS.map(({ id, toggle }) => toggle && (
    <ToolbarButton key={id} label={toggle.label} testId={toggle.testId} active={shown[id] === true} onClick={() => dispatch(overlayToggled(id))}>
      {toggle.text}
    </ToolbarButton>
  ));
}
