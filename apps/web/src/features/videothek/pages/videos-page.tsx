import { hasPrivilege } from '@dihs/contract/common/roles';
import { formatDateTimeDe } from '@dihs/contract/common/time';
import { VIDEO_LIMITS, VIDEOTHEK_TEXTS, videothekEndpoints, type Video } from '@dihs/contract/videothek';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { SeitenPagination } from '../../../components/seiten-pagination.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { useSavedRow } from '../../../components/save-notice.tsx';
import { VideoVorschau } from '../../../components/video-vorschau.tsx';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query.ts';
import { useSession } from '../../../lib/session-context.ts';
import { zaehleVideo } from '../../../lib/statistik.ts';
import { VIDEOS_LIST, VideoDialog } from '../components/video-dialog.tsx';

const LISTEN = {
  BETREIBER: videothekEndpoints.betreiberListe,
  THERAPEUT: videothekEndpoints.therapeutListe,
  PATIENT: videothekEndpoints.patientListe,
} as const;

// a successful save is said by the snackbar (issue 32 item 2); failures and the deletion keep spec 3's dialogs
const ERGEBNIS = {
  fehlerErstellen: ['Fehler', VIDEOTHEK_TEXTS.erstellenFehler],
  fehler: ['Fehler', VIDEOTHEK_TEXTS.fehler],
  geloescht: ['Video gelöscht', VIDEOTHEK_TEXTS.geloescht],
} as const;
type Ergebnis = keyof typeof ERGEBNIS;

const passtZu = (video: Video, suche: string) =>
  `${video.titel} ${video.kurzbeschreibung}`.toLowerCase().includes(suche.trim().toLowerCase());

/** /videos: the searchable, paged list left, player and details right (spec 3 "Video library"). */
export function VideosPage() {
  const { session } = useSession();
  const role = session?.role ?? 'PATIENT';
  const liste = useEndpointQuery(LISTEN[role], undefined);
  // editing needs the privilege and the operator view; a failed list load switches it off (spec 3 sections 2, 4)
  const darfBearbeiten =
    role === 'BETREIBER' && !!session && hasPrivilege(session.privileges, 'VIDEOS_BEARBEITEN') && !liste.isError;
  const [suche, setSuche] = useState('');
  const [seite, setSeite] = useState(0);
  const [gewaehltId, setGewaehltId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{ video: Video | null } | null>(null);
  const [ergebnis, setErgebnis] = useState<Ergebnis | null>(null);
  const savedId = useSavedRow(VIDEOS_LIST);
  // the video just saved, until the list holds it and its page is shown
  const [zeigen, setZeigen] = useState<number | null>(null);
  const loeschen = useEndpointMutation(videothekEndpoints.loeschen, {
    invalidates: [videothekEndpoints.betreiberListe],
  });

  const gefiltert = (liste.data ?? []).filter((v) => passtZu(v, suche));
  const seiten = Math.max(1, Math.ceil(gefiltert.length / VIDEO_LIMITS.seite));
  const gespeichertAn = zeigen === null ? -1 : gefiltert.findIndex((v) => v.id === zeigen);
  if (gespeichertAn >= 0) {
    setSeite(Math.floor(gespeichertAn / VIDEO_LIMITS.seite));
    setZeigen(null);
  }
  const sichtbar = gefiltert.slice(seite * VIDEO_LIMITS.seite, (seite + 1) * VIDEO_LIMITS.seite);
  const video = gefiltert.find((v) => v.id === gewaehltId) ?? sichtbar[0] ?? null;

  return (
    <Box sx={{ p: { xs: 1, md: 3 } }}>
      <Stack direction="row" sx={{ mb: 2, justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h1">Videos</Typography>
        {darfBearbeiten && (
          <Button variant="contained" onClick={() => setDialog({ video: null })}>
            Neues Video
          </Button>
        )}
      </Stack>
      {liste.isPending && <LoadingIndicator label="Videos werden geladen" />}
      {liste.isError && <Alert severity="error">{VIDEOTHEK_TEXTS.ladeFehler}</Alert>}
      {liste.data && (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              label="Videos durchsuchen"
              size="small"
              fullWidth
              value={suche}
              onChange={(event) => {
                setSuche(event.target.value);
                setSeite(0);
              }}
            />
            <List aria-label="Videos">
              {sichtbar.map((v) => (
                <ListItem key={v.id} disablePadding>
                  <ListItemButton
                    selected={v.id === video?.id}
                    aria-description={v.id === savedId ? 'Gerade gespeichert' : undefined}
                    onClick={() => setGewaehltId(v.id)}
                  >
                    <ListItemText primary={v.titel} secondary={v.kurzbeschreibung} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
            {gefiltert.length === 0 && <Typography color="text.secondary">Keine Videos gefunden.</Typography>}
            {seiten > 1 && <SeitenPagination count={seiten} page={seite} onPage={setSeite} />}
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            {video && (
              <Stack spacing={1.5} component="section" aria-label={video.titel}>
                <Typography variant="h5" component="h2">
                  {video.titel}
                </Typography>
                <VideoVorschau
                  key={video.id}
                  url={video.vimeolink}
                  bild={video.vimeobild}
                  titel={video.titel}
                  onPlay={() => zaehleVideo(video.vimeolink)}
                />
                <Typography sx={{ fontWeight: 500 }}>{video.kurzbeschreibung}</Typography>
                {video.langtext && <Typography sx={{ whiteSpace: 'pre-line' }}>{video.langtext}</Typography>}
                <Typography variant="body2" color="text.secondary">
                  Eingestellt am {formatDateTimeDe(video.datum)}
                </Typography>
                {darfBearbeiten && (
                  <Stack direction="row" spacing={1}>
                    <Button variant="outlined" onClick={() => setDialog({ video })}>
                      Bearbeiten
                    </Button>
                    <Button
                      color="error"
                      loading={loeschen.isPending}
                      onClick={() =>
                        loeschen.mutate(
                          { body: { id: video.id } },
                          { onSuccess: () => setErgebnis('geloescht'), onError: () => setErgebnis('fehler') },
                        )
                      }
                    >
                      Löschen
                    </Button>
                  </Stack>
                )}
              </Stack>
            )}
          </Grid>
        </Grid>
      )}
      {dialog && (
        <VideoDialog
          key={dialog.video?.id ?? 0}
          video={dialog.video}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            // the saved video is chosen, and the search is cleared when it would hide it
            setGewaehltId(saved.id);
            if (!passtZu(saved, suche)) setSuche('');
            setZeigen(saved.id);
          }}
          onFailed={(result) => {
            setDialog(null);
            setErgebnis(result);
          }}
        />
      )}
      <MessageDialog
        open={ergebnis !== null}
        title={ergebnis ? ERGEBNIS[ergebnis][0] : ''}
        text={ergebnis ? ERGEBNIS[ergebnis][1] : ''}
        onClose={() => setErgebnis(null)}
      />
    </Box>
  );
}
