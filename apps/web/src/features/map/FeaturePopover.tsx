import { useEffect } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import type { FeatureDetails } from './featureDetails';

/** The details of a tapped feature, beside the tap; for an airport a button opens its page. */
export function FeaturePopover({ details, viewId, onClose, onOpenAirport }: {
  details: FeatureDetails;
  viewId: number;
  onClose: () => void;
  onOpenAirport: (code: string) => void;
}) {
  // Escape closes the details.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <Paper
      elevation={4}
      role="dialog"
      aria-label={`${details.id} details`}
      data-testid={`map-feature-details-${viewId}`}
      data-feature-kind={details.kind}
      data-feature-id={details.id}
      sx={{ position: 'absolute', left: details.x, top: details.y, zIndex: 4, p: 1.5, pr: 4, minWidth: 180, maxWidth: 280 }}
    >
      <IconButton aria-label="Close details" size="small" onClick={onClose} sx={{ position: 'absolute', top: 2, right: 2 }}>
        <Close fontSize="small" />
      </IconButton>
      <Typography variant="subtitle2" component="div">{details.id}</Typography>
      <Typography variant="body2" component="div">{details.name}</Typography>
      <Typography variant="caption" component="div" color="text.secondary">{details.type}</Typography>
      {details.lines?.map((line) => <Typography key={line} variant="body2" component="div">{line}</Typography>)}
      {details.raw && (
        <Typography variant="caption" component="div" data-testid="map-feature-raw" sx={{ fontFamily: 'monospace', mt: 0.5, maxHeight: 120, overflowY: 'auto', wordBreak: 'break-word' }}>
          {details.raw}
        </Typography>
      )}
      {details.kind === 'airport' && (
        <Button size="small" variant="contained" sx={{ mt: 1 }} data-testid="map-open-airport" onClick={() => onOpenAirport(details.id)}>
          Airport page
        </Button>
      )}
    </Paper>
  );
}
