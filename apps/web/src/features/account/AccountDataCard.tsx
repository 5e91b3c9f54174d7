import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { deleteAccount, fetchAccountExport, saveFile } from './accountDataClient';
import { TOUCH_TARGET } from './DevicesCard';
import { useLogout } from './session';

/**
 * The account page's data card (issue 26 point 7): "Export my data" downloads every synced record
 * as JSON; "Delete account" asks for the current password in a dialog, the server cancels the
 * subscription and deletes everything, and the app signs out here.
 */
export function AccountDataCard({ custId }: { custId: string }) {
  const logout = useLogout();
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const exportData = async () => {
    setExporting(true);
    setError(null);
    try {
      saveFile(await fetchAccountExport());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setExporting(false);
    }
  };

  const close = () => {
    if (deleting) return;
    setConfirming(false);
    setPassword('');
    setDeleteError(null);
  };

  const confirmDelete = async () => {
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteAccount(custId, password);
    } catch (e) {
      setDeleteError(e instanceof Error ? e.message : String(e));
      setDeleting(false);
      return;
    }
    setDeleting(false);
    setConfirming(false);
    // The server ended every session; clear the stored login here too.
    await logout();
  };

  return (
    <Box data-testid="account-data-card" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="h6" component="h2">
        Your data
      </Typography>
      {error && (
        <Alert severity="error" data-testid="account-data-error">
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Button variant="outlined" sx={TOUCH_TARGET} disabled={exporting} onClick={() => void exportData()} data-testid="export-data">
          Export my data
        </Button>
        <Button variant="outlined" color="error" sx={TOUCH_TARGET} onClick={() => setConfirming(true)} data-testid="delete-account">
          Delete account
        </Button>
      </Box>
      <Dialog open={confirming} onClose={close} aria-labelledby="delete-account-title" fullWidth maxWidth="xs">
        <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Your subscription is cancelled and your account, synced data and devices are deleted for good. Export your data first if you want to keep it.
          </DialogContentText>
          {deleteError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="delete-account-error">
              {deleteError}
            </Alert>
          )}
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            fullWidth
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={deleting}
            slotProps={{ htmlInput: { 'data-testid': 'delete-account-password' } }}
          />
        </DialogContent>
        <DialogActions sx={{ gap: 2 }}>
          <Button sx={TOUCH_TARGET} onClick={close} disabled={deleting}>
            Cancel
          </Button>
          <Button sx={TOUCH_TARGET} color="error" variant="contained" disabled={deleting || password === ''} onClick={() => void confirmDelete()}>
            Delete account
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
