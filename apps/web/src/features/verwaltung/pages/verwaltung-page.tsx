import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { VERWALTUNG_MESSAGES, VERWALTUNG_TYPEN } from '@dihs/contract/verwaltung';
import { useState } from 'react';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { EintragListe } from '../components/eintrag-liste.tsx';
import { SonstigeEinstellungen } from '../components/sonstige-einstellungen.tsx';

/** /betreiber/verwaltung: application settings (spec 3 "Operator tools: Application settings"). */
export function VerwaltungPage() {
  const [fehler, setFehler] = useState<string | null>(null);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h1" gutterBottom>
        Anwendung verwalten
      </Typography>
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 6 }}>
          <EintragListe
            liste="befunde"
            type={VERWALTUNG_TYPEN.befund}
            titel="Befunde"
            feld="Befund"
            onError={setFehler}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <EintragListe
            liste="inhalte"
            type={VERWALTUNG_TYPEN.einzelterminInhalt}
            titel="Einzeltermin-Inhalte"
            feld="Inhalt"
            onError={setFehler}
          />
        </Grid>
        <Grid size={12}>
          <SonstigeEinstellungen onError={setFehler} />
        </Grid>
      </Grid>
      <MessageDialog
        open={fehler !== null}
        title={VERWALTUNG_MESSAGES.speichernFehler}
        text={fehler ?? ''}
        onClose={() => setFehler(null)}
      />
    </Container>
  );
}
