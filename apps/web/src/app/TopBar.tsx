import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MapIcon from '@mui/icons-material/Map';
import MenuIcon from '@mui/icons-material/Menu';
import SettingsIcon from '@mui/icons-material/Settings';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { setSplit } from '../features/map/layoutSlice';
import { isSettled } from '../store/readinessSlice';
import { SearchBox } from '../features/search/SearchBox';
import { pagePath } from '../platform/pages';
import { OfflineBadge } from './OfflineBadge';

/** The toolbar button that goes back to the first map, single view (spec part 2 §2). */
export const RESTORE_MAP_LABEL = 'Restore Map';

/** Top bar text until the nav (airport) database has settled (spec part 1 §2 "Shell"). */
export const NAV_DB_LOADING_TITLE = 'Nav Database is Loading...';

interface Props {
  /** CSS px, from topBarHeight(). */
  height: number;
  title: string;
  onMenu: () => void;
  onSettings: () => void;
}

/** Menu button (only once the nav database has settled), page title, search box, Restore Map and settings buttons. */
export function TopBar({ height, title, onMenu, onSettings }: Props) {
  const navDbSettled = useAppSelector((s) => isSettled(s.readiness.navDb));
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Restore Map goes to /app/map1 and leaves split screen; toolbar navigation replaces the history entry.
  const restoreMap = () => {
    dispatch(setSplit({ splitHorizontal: false, splitVertical: false }));
    void navigate(pagePath('map1'), { replace: true });
  };
  // Portrait phones (116 px bar): the search box gets the second bar.
  const secondBar = height >= 116;
  return (
    <AppBar position="static" color="primary" enableColorOnDark elevation={2} data-testid="top-bar" sx={{ height, justifyContent: 'flex-start' }}>
      <Toolbar sx={{ minHeight: `${Math.min(height, 58)}px !important`, height: Math.min(height, 58), px: 1, gap: 1 }}>
        {navDbSettled && (
          <IconButton color="inherit" aria-label="menu" edge="start" onClick={onMenu}>
            <MenuIcon />
          </IconButton>
        )}
        <Typography
          component="div"
          variant="h6"
          noWrap
          sx={{ flex: !secondBar ? '0 1 auto' : 1, pl: navDbSettled ? 0 : 1, pr: 1 }}
          data-testid="top-bar-title"
        >
          {navDbSettled ? title : NAV_DB_LOADING_TITLE}
        </Typography>
        {/* The search box answers airports from the map's overview while the nav database loads (issue 27 point 10). */}
        {!secondBar && <SearchBox />}
        <OfflineBadge />
        <IconButton color="inherit" aria-label={RESTORE_MAP_LABEL} title={RESTORE_MAP_LABEL} data-testid="restore-map" onClick={restoreMap}>
          <MapIcon />
        </IconButton>
        <IconButton color="inherit" aria-label="settings" edge="end" onClick={onSettings}>
          <SettingsIcon />
        </IconButton>
      </Toolbar>
      {secondBar && (
        <Toolbar sx={{ minHeight: '58px !important', height: 58, px: 1 }}>
          <SearchBox />
        </Toolbar>
      )}
    </AppBar>
  );
}
