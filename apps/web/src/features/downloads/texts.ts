export const DOWNLOADS_TITLE = 'Downloads';
export const NOT_AVAILABLE_TEXT = 'Not available';
export const UPDATE_AVAILABLE_TEXT = 'Update available';
export const OFFLINE_INDEX_TEXT = 'The region list could not be loaded from the server; showing what is on this device.';

/** '3 min 20 s left', '12 s left'; '' when unknown. */
export function formatRemaining(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s left`;
  const min = Math.floor(s / 60);
  return min < 60 ? `${min} min ${s % 60} s left` : `${Math.floor(min / 60)} h ${min % 60} min left`;
}

/** The words shown for a region state. */
export const STATE_TEXT: Record<string, string> = {
  NONE: '',
  QUEUED: 'Queued',
  IN_PROGRESS: 'Downloading',
  PAUSE_REQUESTED: 'Pausing…',
  PAUSED: 'Paused',
  RESUME_REQUESTED: 'Resuming…',
  RESUME_CONFIRMED: 'Resuming',
  STOP_REQUESTED: 'Stopping…',
  STOPPED: 'Stopped',
  DELETE_REQUESTED: 'Deleting…',
  DELETED: 'Deleted',
  DOWNLOADED: 'Downloaded',
  ERROR: 'Error',
  ESTIMATING: 'Estimating size…',
};
