import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

/** A button of the map toolbar (layout buttons, overlay switches): pressed when active; a 44 px touch target, as wide as the toolbar. */
export function ToolbarButton(props: { label: string; testId: string; active: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <Tooltip title={props.label} placement="left">
      <IconButton
        aria-label={props.label}
        aria-pressed={props.active}
        data-testid={props.testId}
        size="small"
        color={props.active ? 'primary' : 'default'}
        onClick={props.onClick}
        sx={{ fontSize: 14, fontWeight: 700, borderRadius: 0, minWidth: 44, width: '100%', height: 44 }}
      >
        {props.children}
      </IconButton>
    </Tooltip>
  );
}
