import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { useAppSelector } from '../../store/hooks';

/**
 * The settings drawer's warning panel (spec part 2 §2 "A warning panel shows a triangle icon with
 * error text."): each problem start-up met and went on from (store `boot.warnings`: IndexedDB,
 * persistent storage, configuration fallback, routing worker time-out, traffic receiver link), one
 * row each with a triangle icon. Nothing is shown when there is none.
 */
export default function BootWarningsPanel() {
  const warnings = useAppSelector((s) => s.boot.warnings);
  if (warnings.length === 0) return null;
  return (
    <Box
      role="region"
      aria-label="Start-up warnings"
      data-testid="boot-warnings"
      sx={{ mx: 2, mt: 2, p: 1.5, border: 1, borderColor: 'warning.main', borderRadius: 1, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {warnings.map((text, index) => (
        <Box key={`${index}-${text}`} data-testid="boot-warning" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <WarningAmber aria-hidden="true" sx={{ color: 'warning.main', flexShrink: 0 }} />
          <Typography variant="body2" color="text.primary" sx={{ overflowWrap: 'anywhere' }}>
            {text}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
