import { createTheme } from '@mui/material/styles';
import { deDE } from '@mui/material/locale';
import { THEME_COLOURS } from '@dihs/contract/common/constants';

// The brand's accent green (#51b16c) reaches only 2.7:1 on white: fine as a fill behind dark text, too light for
// text. Green text and outlines (outlined chips such as "Aktiv", text and outlined buttons) take this shade (5.3:1).
const GREEN_TEXT = '#2e7a44';
const greenText = { color: GREEN_TEXT, borderColor: GREEN_TEXT };

// each web font followed by its metric-compatible local stand-in (vite-fonts.ts), shown until the font has loaded
const BODY_FONT = '"Roboto", "Roboto fallback", "Helvetica", "Arial", sans-serif';
// spec 3 names Roboto Condensed for the titles; every heading variant takes it, so a page whose title is styled
// as a smaller variant still looks like the others (issue 32 item 8)
const HEADING_FONT = '"Roboto Condensed", "Roboto Condensed fallback", "Roboto", "Arial Narrow", sans-serif';
// (500 is the one weight loaded; h4-h6 keep MUI's sizes)
const heading = (fontSize?: string) => ({ fontFamily: HEADING_FONT, fontWeight: 500, ...(fontSize && { fontSize }) });

/** The brand theme (spec 1, section 9) with MUI's German component texts. */
export const theme = createTheme(
  {
    palette: {
      primary: { main: THEME_COLOURS.primary },
      // white on the light brand blue fails WCAG contrast (2.9:1); the navy reaches 4.8:1
      secondary: { main: THEME_COLOURS.secondary, contrastText: THEME_COLOURS.primary },
      success: { main: THEME_COLOURS.green, dark: GREEN_TEXT },
      error: { main: THEME_COLOURS.red },
      // MUI's default orange and light blue reach only 3.1:1 and 3.9:1 with white: shades that pass AA (≥ 4.5:1)
      // as text on white and with white text on them ("nicht teilgenommen" chip, info buttons and links)
      warning: { main: '#b45309', contrastText: '#ffffff' },
      info: { main: '#0277bd', contrastText: '#ffffff' },
      background: { default: '#f6f8fa' },
    },
    typography: {
      fontFamily: BODY_FONT,
      h1: heading('2.25rem'),
      h2: heading('1.75rem'),
      h3: heading('1.35rem'),
      h4: heading(),
      h5: heading(),
      h6: heading(),
      button: { textTransform: 'none', fontWeight: 500 },
    },
    // the light brand blue stays visible on white pages and on the dark top bar alike
    focusVisible: { outlineColor: THEME_COLOURS.secondary },
    components: {
      MuiChip: {
        styleOverrides: {
          root: { variants: [{ props: { variant: 'outlined', color: 'success' }, style: greenText }] },
        },
      },
      MuiButton: {
        styleOverrides: {
          root: {
            variants: [
              { props: { variant: 'outlined', color: 'success' }, style: greenText },
              { props: { variant: 'text', color: 'success' }, style: greenText },
            ],
          },
        },
      },
    },
  },
  deDE,
);
