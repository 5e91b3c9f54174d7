import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { restartRequested } from '../store/appUpdateSlice';
import { MENU_ENTRIES, menuLinkPath, type MenuLink } from './menu';
import { useServices } from '../platform/services';
import { isNativeBuild, signIn } from '../features/account/authClient';
import { welcomeName } from '../features/account/licence';
import { useAccountAtStart, useLogout } from '../features/account/session';
import { SupportButton } from '../features/help/SupportButton';
import { pagePath } from '../platform/pages';
import { SideDrawer } from '../platform/SideDrawer';
import { DRAWER_WIDTH_PX } from '../platform/layout';


interface Props {
  open: boolean;
  onClose: () => void;
}

function MenuLinkItem({ entry, nested, onClose }: { entry: MenuLink; nested?: boolean; onClose: () => void }) {
  return (
    <ListItemButton
      component={RouterLink}
      to={menuLinkPath(entry)}
      // Menu navigation replaces the current history entry (spec part 2 §2).
      replace
      onClick={onClose}
      data-testid={`menu-item-${entry.page}`}
      sx={nested ? { pl: 4 } : undefined}
    >
      <ListItemText primary={entry.label} />
    </ListItemButton>
  );
}

function DrawerHeader({ onClose }: { onClose: () => void }) {
  const { applyUpdate, appVersion } = useServices();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const update = useAppSelector((s) => s.appUpdate);
  const serverVersion = useAppSelector((s) => s.config.config?.version ?? null);
  useAccountAtStart();
  const { status, user } = useAppSelector((s) => s.account);
  const signedIn = status === 'signedIn' && user !== null;
  const name = welcomeName(user?.full_name);
  const pictureURL = useAppSelector((s) => s.account.profile?.trial?.profile?.pictureURL ?? '');
  const mainSite = useAppSelector((s) => s.config.config?.endpoints.mainSite ?? null);
  const endSession = useLogout();

  // Logout (spec part 1 §2, §4): server session ended, stored login cleared, native wrapper told, then '/'.
  const logout = async () => {
    onClose();
    await endSession();
    await navigate('/');
  };
  const restart = () => {
    dispatch(restartRequested());
    applyUpdate();
  };

  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="drawer-header">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        {/* The login profile's picture (spec part 1 §3 pictureURL); the initials when there is none or it fails to load. */}
        <Avatar alt={name} src={pictureURL || undefined} data-testid="user-avatar" sx={{ bgcolor: 'primary.main' }}>
          {initials(name)}
        </Avatar>
        <Box>
          <Typography data-testid="user-name">{name}</Typography>
          <Typography variant="body2" color="text.secondary" data-testid="user-email">
            {signedIn ? user.email : 'Not signed in'}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        {/* Native apps show a Privacy link in place of the Account link (spec part 1 §2 "Shell", §6). */}
        {isNativeBuild() ? (
          <Link
            href={privacyUrl(mainSite)}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="privacy-link"
            sx={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minHeight: 44, minWidth: 44 }}
          >
            Privacy
          </Link>
        ) : (
          <Link
            component={RouterLink}
            to={pagePath('account')}
            replace
            onClick={onClose}
            sx={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minHeight: 44, minWidth: 44 }}
          >
            Account
          </Link>
        )}
        {signedIn ? (
          <Button size="small" onClick={() => void logout()}>
            Logout
          </Button>
        ) : (
          <Button size="small" onClick={() => signIn()}>
            Sign in
          </Button>
        )}
      </Box>
      {/* The support widget: valid licence or available trial only (spec part 1 §6). */}
      <SupportButton onOpened={onClose} />
      <Typography variant="caption" color="text.secondary" data-testid="app-version">
        Version {appVersion}
        {serverVersion && serverVersion !== appVersion ? ` (server ${serverVersion})` : ''}
      </Typography>
      {update.waiting && (
        <Alert
          severity="info"
          data-testid="update-prompt"
          action={
            <Button color="inherit" size="small" onClick={restart} disabled={update.restarting}>
              Restart
            </Button>
          }
        >
          A new version is available
        </Alert>
      )}
    </Box>
  );
}

/** Up to two initials of a name, upper case: 'Pat Pilot' -> 'PP', 'Aviator' -> 'A'. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => [...(word ?? '')][0] ?? '').join('').toUpperCase();
}

/**
 * The privacy policy of the product website (the `mainSite` endpoint, spec part 1 §7 "main site"):
 * `{mainSite}/privacy`; this page's origin when the configuration has not arrived.
 */
export function privacyUrl(mainSite: string | null, origin: string = window.location.origin): string {
  const site = mainSite ?? origin;
  return new URL('privacy', new URL(site.endsWith('/') ? site : `${site}/`, origin)).toString();
}

/**
 * The left menu drawer with every entry of spec part 1 §2 "Shell", in order. The shell loads this
 * module on first open.
 */
export default function MenuDrawer({ open, onClose }: Props) {
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const toggle = (id: string) => setExpanded((current) => ({ ...current, [id]: !current[id] }));

  return (
    <SideDrawer anchor="left" open={open} onClose={onClose} width={DRAWER_WIDTH_PX} label="menu">
      <Box role="navigation" aria-label="Main menu" data-testid="menu-drawer">
        <DrawerHeader onClose={onClose} />
        <Divider />
        <List dense component="div">
          {MENU_ENTRIES.map((entry) => {
            if (entry.kind === 'link') return <MenuLinkItem key={entry.page} entry={entry} onClose={onClose} />;
            if (entry.kind === 'external') {
              return (
                <ListItemButton
                  key={entry.id}
                  component="a"
                  href={entry.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid={`menu-external-${entry.id}`}
                >
                  <ListItemText primary={entry.label} />
                  <OpenInNew fontSize="small" aria-hidden />
                </ListItemButton>
              );
            }
            const isOpen = expanded[entry.id] ?? false;
            return (
              <Box key={entry.id}>
                <ListItemButton
                  onClick={() => toggle(entry.id)}
                  aria-expanded={isOpen}
                  aria-controls={`menu-group-${entry.id}-items`}
                  data-testid={`menu-group-${entry.id}`}
                >
                  <ListItemText primary={entry.label} />
                  {isOpen ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
                </ListItemButton>
                <Collapse in={isOpen} timeout="auto" unmountOnExit id={`menu-group-${entry.id}-items`}>
                  <List dense disablePadding component="div">
                    {entry.children.map((child) => (
                      <MenuLinkItem key={child.page} entry={child} nested onClose={onClose} />
                    ))}
                  </List>
                </Collapse>
              </Box>
            );
          })}
        </List>
      </Box>
    </SideDrawer>
  );
}
