import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** Footer links of spec 1, section 2.4, plus the privacy page the cookie notice points to. */
const FOOTER_LINKS = [
  { label: 'Kontakt', path: '/kontakt' },
  { label: 'Impressum', path: '/impressum' },
  { label: 'AGB', path: '/agb' },
  { label: 'Datenschutz', path: '/datenschutz' },
] as const;

export function Footer() {
  return (
    <Box component="footer" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 3, mt: 'auto' }}>
      <Container
        maxWidth="lg"
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 2,
          justifyContent: 'space-between',
          alignItems: { sm: 'center' },
        }}
      >
        <Typography variant="body2">© {new Date().getFullYear()} DiHS Teletherapie</Typography>
        <Stack
          component="nav"
          aria-label="Rechtliches"
          direction="row"
          spacing={3}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
        >
          {FOOTER_LINKS.map((link) => (
            <Link key={link.path} component={RouterLink} to={link.path} color="inherit" underline="hover">
              {link.label}
            </Link>
          ))}
        </Stack>
      </Container>
    </Box>
  );
}
