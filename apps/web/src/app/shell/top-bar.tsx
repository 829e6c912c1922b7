import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { lazyPage } from '../lazy-page.ts';
import { AccountActions } from './account-actions.tsx';
import { useNavigationTree } from './navigation/navigation-api.ts';

// Menus, popovers and the drawer are not needed for the first paint: they load with the menu tree or on use.
const NavigationMenuBar = lazyPage(() => import('./navigation/navigation-menu-bar.tsx'), 'NavigationMenuBar');
const NavigationDrawer = lazyPage(() => import('./navigation/navigation-drawer.tsx'), 'NavigationDrawer');

/** The header: logo, the server's menu (a burger on small screens) and the account buttons. */
export function TopBar() {
  const nodes = useNavigationTree();
  // The menu bar shows on wide screens only (the burger's drawer serves the narrow ones): a phone does not load it.
  // Without media queries (jsdom) it is rendered, and its own styles still hide it on a narrow screen.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true, defaultMatches: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const openDrawer = () => {
    setDrawerUsed(true);
    setDrawerOpen(true);
  };
  return (
    <AppBar position="sticky" elevation={1}>
      <Toolbar sx={{ gap: { xs: 1, md: 2 } }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label="Menü öffnen"
          onClick={openDrawer}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Box
          component={RouterLink}
          to="/"
          aria-label="Startseite"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', mr: 1 }}
        >
          <img src="/logo.svg" alt="" width={36} height={36} />
          <Box
            component="span"
            sx={{ display: { xs: 'none', sm: 'inline' }, fontFamily: 'h1.fontFamily', fontSize: '1.15rem' }}
          >
            DiHS Teletherapie
          </Box>
        </Box>
        <Suspense fallback={null}>{wide && nodes.length > 0 && <NavigationMenuBar nodes={nodes} />}</Suspense>
        <Box sx={{ flexGrow: 1 }} />
        <AccountActions />
      </Toolbar>
      <Suspense fallback={null}>
        {drawerUsed && <NavigationDrawer nodes={nodes} open={drawerOpen} onClose={() => setDrawerOpen(false)} />}
      </Suspense>
    </AppBar>
  );
}
