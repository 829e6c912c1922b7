import { createTheme } from '@mui/material/styles';
import { deDE } from '@mui/material/locale';
import { THEME_COLOURS } from '@dihs/contract/common/constants';

const BODY_FONT = '"Roboto", "Helvetica", "Arial", sans-serif';
const HEADING_FONT = '"Roboto Slab", "Roboto", "Georgia", serif';

/** The brand theme (spec 1, section 9) with MUI's German component texts. */
export const theme = createTheme(
  {
    palette: {
      primary: { main: THEME_COLOURS.primary },
      // white on the light brand blue fails WCAG contrast (2.9:1); the navy reaches 4.8:1
      secondary: { main: THEME_COLOURS.secondary, contrastText: THEME_COLOURS.primary },
      success: { main: THEME_COLOURS.green },
      error: { main: THEME_COLOURS.red },
      background: { default: '#f6f8fa' },
    },
    typography: {
      fontFamily: BODY_FONT,
      h1: { fontFamily: HEADING_FONT, fontWeight: 500, fontSize: '2.25rem' },
      h2: { fontFamily: HEADING_FONT, fontWeight: 500, fontSize: '1.75rem' },
      h3: { fontFamily: HEADING_FONT, fontWeight: 500, fontSize: '1.35rem' },
      button: { textTransform: 'none', fontWeight: 500 },
    },
    // the light brand blue stays visible on white pages and on the dark top bar alike
    focusVisible: { outlineColor: THEME_COLOURS.secondary },
  },
  deDE,
);
