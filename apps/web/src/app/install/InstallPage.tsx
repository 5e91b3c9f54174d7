import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { InstallAdvice } from './installDetection';

/** Google Play search for the app (the store listing's own address is not known yet). */
export const ANDROID_STORE_URL = 'https://play.google.com/store/search?q=Clearway&c=apps';

interface Props {
  advice: InstallAdvice;
  onContinue: () => void;
}

/** Shown before the shell on phones and tablets that do not run the app installed. */
export default function InstallPage({ advice, onContinue }: Props) {
  return (
    <Box data-testid="install-page" sx={{ p: 3, maxWidth: 560, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography component="h1" variant="h5">
        Install Clearway
      </Typography>
      <Typography>Installed on your home screen, Clearway runs full screen and keeps working in the cockpit without internet.</Typography>

      {advice.platform === 'ios' && (
        <Box data-testid="install-ios-steps">
          <Typography component="h2" variant="subtitle1">
            In Safari
          </Typography>
          <ol>
            <li>Tap the Share button.</li>
            <li>Choose Add to Home Screen.</li>
            <li>Launch Clearway from your home screen.</li>
          </ol>
        </Box>
      )}

      {advice.platform === 'android' && (
        <Typography data-testid="install-android">
          <Link href={ANDROID_STORE_URL} target="_blank" rel="noopener noreferrer" data-testid="install-store-link">
            Get Clearway on Google Play
          </Link>
          , or choose Install app in your browser menu.
        </Typography>
      )}

      {advice.firefox && (
        <Typography data-testid="install-firefox-hint">
          Using Firefox? Choose Install or Add to Home screen in the Firefox menu; on a desktop, the PWAs for Firefox
          extension adds installing.
        </Typography>
      )}

      {advice.platform === 'other' && !advice.firefox && (
        <Typography data-testid="install-generic-hint">Use your browser&apos;s Install or Add to Home Screen option.</Typography>
      )}

      <Button variant="contained" onClick={onContinue} sx={{ alignSelf: 'flex-start' }}>
        Continue without installing
      </Button>
    </Box>
  );
}
