import { homePathFor } from '@dihs/contract/common/routes';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/session-context.ts';
import { ButtonLink } from '../../components/button-link.tsx';
import { searchWithLogin } from '../../lib/login-param.ts';
import { OFFERS, STEPS, TRUST_POINTS, type Feature } from './start-page-content.ts';

function Section({
  id,
  title,
  children,
  tinted = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  tinted?: boolean;
}) {
  return (
    <Box
      component="section"
      aria-labelledby={id}
      sx={{ py: { xs: 6, md: 9 }, bgcolor: tinted ? 'background.paper' : undefined }}
    >
      <Container maxWidth="lg">
        <Typography id={id} variant="h2" sx={{ mb: { xs: 3, md: 5 }, textAlign: 'center', color: 'primary.main' }}>
          {title}
        </Typography>
        {children}
      </Container>
    </Box>
  );
}

function FeatureGrid({ features }: { features: readonly Feature[] }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
      }}
    >
      {features.map(({ icon: Icon, title, text }) => (
        <Paper component="li" key={title} variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
          <Icon aria-hidden sx={{ fontSize: 40, color: 'secondary.main', mb: 1.5 }} />
          <Typography variant="h3" sx={{ mb: 1 }}>
            {title}
          </Typography>
          <Typography color="text.secondary">{text}</Typography>
        </Paper>
      ))}
    </Box>
  );
}

/**
 * Sign-up and login for visitors, the way home for those logged in. The wording differs from the top bar's
 * "Registrieren", "Login" and "Cockpit" so that each accessible name stays unique on the page.
 */
function CallToAction({ inverted = false }: { inverted?: boolean }) {
  const { session } = useSession();
  const { search } = useLocation();
  if (session) {
    const home = homePathFor(session.role);
    if (home === '/') return null;
    return (
      <ButtonLink to={home} variant="contained" color="secondary" size="large">
        {session.role === 'PATIENT' ? 'Zu Ihrer Übersicht' : 'Zu Ihren Terminen'}
      </ButtonLink>
    );
  }
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <ButtonLink to="/registrieren" variant="contained" color="secondary" size="large">
        Konto anlegen
      </ButtonLink>
      <ButtonLink
        to={{ search: searchWithLogin(search) }}
        variant="outlined"
        size="large"
        sx={inverted ? { color: 'common.white', borderColor: 'rgba(255,255,255,0.7)' } : undefined}
      >
        Anmelden
      </ButtonLink>
    </Stack>
  );
}

/** The landing page: what the platform offers, how it works, why it can be trusted. */
export function StartPage() {
  return (
    <>
      <Box
        sx={{
          background: (theme) =>
            `linear-gradient(135deg, ${theme.palette.primary.main} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.secondary.dark} 100%)`,
          color: 'common.white',
          py: { xs: 7, md: 12 },
        }}
      >
        <Container
          maxWidth="lg"
          sx={{ display: 'grid', gap: 6, alignItems: 'center', gridTemplateColumns: { md: '3fr 2fr' } }}
        >
          <Box>
            <Typography variant="overline" component="p" sx={{ color: 'secondary.light', letterSpacing: 2 }}>
              DiHS Teletherapie
            </Typography>
            <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '3rem' }, lineHeight: 1.2, mb: 3 }}>
              Physiotherapie per Video – persönlich betreut, bequem von zu Hause
            </Typography>
            <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.25rem' }, mb: 4, opacity: 0.9 }}>
              Videotherapie mit Physiotherapeuten, Trainingspläne mit Übungsvideos, Termine online buchen und Rezepte
              hochladen – alles an einem Ort.
            </Typography>
            <CallToAction inverted />
          </Box>
          <Box
            component="img"
            src="/video-session.svg"
            alt=""
            // the drawing's own size (its viewBox): the box keeps its height before the file has arrived (CLS)
            width={480}
            height={380}
            fetchPriority="high"
            sx={{
              display: { xs: 'none', md: 'block' },
              width: '100%',
              height: 'auto',
              maxWidth: 480,
              justifySelf: 'end',
            }}
          />
        </Container>
      </Box>

      <Section id="angebot" title="Unser Angebot">
        <FeatureGrid features={OFFERS} />
      </Section>

      <Section id="ablauf" title="So funktioniert es" tinted>
        <Box
          component="ol"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 4, gridTemplateColumns: { md: 'repeat(3, 1fr)' } }}
        >
          {STEPS.map((step, index) => (
            <Box component="li" key={step.title} sx={{ textAlign: 'center', px: 2 }}>
              <Box
                aria-hidden
                sx={{
                  width: 56,
                  height: 56,
                  mx: 'auto',
                  mb: 2,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'primary.main',
                  color: 'common.white',
                  fontSize: '1.5rem',
                  fontWeight: 700,
                }}
              >
                {index + 1}
              </Box>
              <Typography variant="h3" sx={{ mb: 1 }}>
                {step.title}
              </Typography>
              <Typography color="text.secondary">{step.text}</Typography>
            </Box>
          ))}
        </Box>
      </Section>

      <Section id="vertrauen" title="Darauf können Sie sich verlassen">
        <FeatureGrid features={TRUST_POINTS} />
      </Section>

      <Box component="section" aria-labelledby="los-gehts" sx={{ bgcolor: 'background.paper', py: { xs: 6, md: 8 } }}>
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <Typography id="los-gehts" variant="h2" sx={{ mb: 2, color: 'primary.main' }}>
            Bereit für Ihre erste Sitzung?
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 4 }}>
            Die Registrierung dauert nur wenige Minuten.
          </Typography>
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <CallToAction />
          </Box>
        </Container>
      </Box>
    </>
  );
}
