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
import { devicesChanged } from '../../platform/requestSync';
import { deviceLimitCleared } from './accountSlice';
import { fetchDevices, removeDevice, type DeviceList, type SyncDevice } from './devicesClient';
import { formatDate } from './licence';

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
    devicesChanged();
  }, [dispatch, list, refusal]);

  const remove = async (device: SyncDevice) => {
    setRemoving(true);
    setError(null);
    try {
      await removeDevice(device.uuid);
      // A place is free: a refused device (this one or another) may sync again.
      dispatch(deviceLimitCleared());
      devicesChanged();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setRemoving(false);
      setConfirming(null);
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
                    <Button size="small" color="error" onClick={() => setConfirming(device)} aria-label={`Remove ${deviceLabel(device.uuid)}`}>
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
                    secondary={`First seen ${formatDate(device.first_seen)} · Last seen ${formatDate(device.last_seen)}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </>
      )}
      <Dialog open={confirming !== null} onClose={() => !removing && setConfirming(null)} aria-labelledby="remove-device-title">
        <DialogTitle id="remove-device-title">Remove this device?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirming ? deviceLabel(confirming.uuid) : ''}
            {confirming?.uuid === thisDevice ? ' (this device)' : ''} will stop syncing and its place is freed. It can sync again later if a place is
            free.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)} disabled={removing}>
            Cancel
          </Button>
          <Button color="error" variant="contained" disabled={removing} onClick={() => confirming && void remove(confirming)}>
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
