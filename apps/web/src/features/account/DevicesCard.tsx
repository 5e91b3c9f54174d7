import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useServices } from '../../platform/services';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { devicesChanged } from '../../platform/syncedTables';
import { deviceLimitCleared } from './accountSlice';
import { fetchDevices, removeDevice, signOutOtherDevices, type DeviceList, type SyncDevice } from './devicesClient';
import { formatDate } from './licence';

/** Touch targets of the card's buttons: at least 44 x 44 px. */
export const TOUCH_TARGET = { minHeight: 44, minWidth: 44 } as const;

/** A device's short name: its id's first 8 characters. */
export function deviceLabel(uuid: string): string {
  return `Device ${uuid.slice(0, 8)}`;
}

/**
 * The account page's device list (spec part 1 §9: up to 4 devices per subscription): each device
 * that synced, this one marked, first and last seen, and Remove (after a confirmation), which frees
 * its place. A refused fifth device sees the server's message here. Signed-in users only.
 */
export function DevicesCard() {
  const dispatch = useAppDispatch();
  const { prefs } = useServices();
  const refusal = useAppSelector((s) => s.account.deviceLimit);
  const [list, setList] = useState<DeviceList | null>(null);
  const [thisDevice, setThisDevice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<SyncDevice | null>(null);
  const [removing, setRemoving] = useState(false);
  const [confirmingSignOut, setConfirmingSignOut] = useState(false);
  const [signedOutCount, setSignedOutCount] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      setList(await fetchDevices());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, []);

  useEffect(() => {
    let cancelled = false;
    void prefs
      .getProperty('uuid')
      .then((uuid) => {
        if (!cancelled) setThisDevice(uuid ?? null);
      })
      .catch(() => undefined);
    fetchDevices().then(
      (devices) => {
        if (!cancelled) setList(devices);
      },
      (e: unknown) => {
        if (!cancelled) setError(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [prefs]);

  // Refused earlier, but the list read now has a free place (a device was removed elsewhere): try
  // again, once per list read (a refusal again is then shown until the list changes).
  const resumedFor = useRef<DeviceList | null>(null);
  useEffect(() => {
    if (refusal === null || list === null || list.devices.length >= list.limit || resumedFor.current === list) return;
    resumedFor.current = list;
    dispatch(deviceLimitCleared());
    dispatch(devicesChanged());
  }, [dispatch, list, refusal]);

  const remove = async (device: SyncDevice) => {
    setRemoving(true);
    setError(null);
    try {
      await removeDevice(device.uuid);
      // A place is free: a refused device (this one or another) may sync again.
      dispatch(deviceLimitCleared());
      dispatch(devicesChanged());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setRemoving(false);
      setConfirming(null);
    }
    await load();
  };

  const signOutOthers = async () => {
    setRemoving(true);
    setError(null);
    try {
      setSignedOutCount(await signOutOtherDevices());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setRemoving(false);
      setConfirmingSignOut(false);
    }
    await load();
  };

  return (
    <Box data-testid="devices-card" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="h6" component="h2">
        Devices
      </Typography>
      {refusal && (
        <Alert severity="warning" data-testid="devices-refusal">
          {refusal.message}
        </Alert>
      )}
      {error && (
        <Alert severity="error" data-testid="devices-error">
          {error}
        </Alert>
      )}
      {list === null ? (
        !error && <Typography data-testid="devices-loading">Loading devices...</Typography>
      ) : (
        <>
          <Typography data-testid="devices-count">
            {list.devices.length} of {list.limit} devices
          </Typography>
          {list.devices.length === 0 ? (
            <Typography color="text.secondary">No device has synced yet.</Typography>
          ) : (
            <List dense disablePadding data-testid="devices-list">
              {list.devices.map((device) => (
                <ListItem
                  key={device.uuid}
                  data-testid="device-row"
                  data-uuid={device.uuid}
                  disableGutters
                  secondaryAction={
                    <Button color="error" sx={TOUCH_TARGET} onClick={() => setConfirming(device)} aria-label={`Remove ${deviceLabel(device.uuid)}`}>
                      Remove
                    </Button>
                  }
                >
                  <ListItemText
                    primary={
                      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                        {deviceLabel(device.uuid)}
                        {device.uuid === thisDevice && <Chip size="small" color="primary" label="This device" data-testid="this-device" />}
                      </Box>
                    }
                    secondary={`${device.signed_in === false ? 'Signed out' : 'Signed in'} · First seen ${formatDate(device.first_seen)} · Last seen ${formatDate(device.last_seen)}`}
                    sx={{ pr: 12 }}
                  />
                </ListItem>
              ))}
            </List>
          )}
          {signedOutCount !== null && (
            <Alert severity="success" data-testid="devices-signed-out">
              {signedOutCount === 1 ? '1 other session was signed out.' : `${signedOutCount} other sessions were signed out.`}
            </Alert>
          )}
          <Box sx={{ mt: 1 }}>
            <Button
              variant="outlined"
              color="error"
              sx={TOUCH_TARGET}
              disabled={list.other_sessions === 0 || removing}
              onClick={() => setConfirmingSignOut(true)}
              data-testid="sign-out-others"
            >
              Sign out all other devices
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="other-sessions">
              {list.other_sessions === 0
                ? 'No other device is signed in.'
                : list.other_sessions === 1
                  ? '1 other device or browser is signed in.'
                  : `${list.other_sessions} other devices or browsers are signed in.`}
            </Typography>
          </Box>
        </>
      )}
      <Dialog open={confirmingSignOut} onClose={() => !removing && setConfirmingSignOut(false)} aria-labelledby="sign-out-others-title">
        <DialogTitle id="sign-out-others-title">Sign out all other devices?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Every other device and browser signed in to this account is signed out and stops syncing until it signs in again. This device stays signed in.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ gap: 2 }}>
          <Button sx={TOUCH_TARGET} onClick={() => setConfirmingSignOut(false)} disabled={removing}>
            Cancel
          </Button>
          <Button sx={TOUCH_TARGET} color="error" variant="contained" disabled={removing} onClick={() => void signOutOthers()}>
            Sign out others
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={confirming !== null} onClose={() => !removing && setConfirming(null)} aria-labelledby="remove-device-title">
        <DialogTitle id="remove-device-title">Remove this device?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirming ? deviceLabel(confirming.uuid) : ''}
            {confirming?.uuid === thisDevice ? ' (this device)' : ''} will stop syncing and its place is freed
            {confirming?.uuid === thisDevice || confirming?.this_session === true ? '' : '; it is signed out'}. It can sync again later if a place is free.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ gap: 2 }}>
          <Button sx={TOUCH_TARGET} onClick={() => setConfirming(null)} disabled={removing}>
            Cancel
          </Button>
          <Button sx={TOUCH_TARGET} color="error" variant="contained" disabled={removing} onClick={() => confirming && void remove(confirming)}>
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
