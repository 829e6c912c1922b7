import { SITZUNGEN_TEXTS, type Sitzung } from '@dihs/contract/auth';
import { formatDateTimeUhr } from '@dihs/contract/common/time';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-context.ts';
import { useSitzungAbmelden, useSitzungen, useUeberallAbmelden } from '../api/sitzungen-api.ts';

const T = SITZUNGEN_TEXTS;

/**
 * "Angemeldete Geräte" on the own profile (issue 31 item 7, O.Auth_5): the account's running sessions with device,
 * browser, address and times; "Abmelden" ends another one at once, "Überall abmelden" (after asking) ends every
 * one, this one included, and so logs out here too. This device's own session ends with the top bar's logout.
 */
export function AngemeldeteGeraeteSection() {
  const query = useSitzungen();
  const abmelden = useSitzungAbmelden();
  const ueberall = useUeberallAbmelden();
  const { logout } = useSession();
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const failed = (failure: Error) => setError(isApiError(failure) && failure.status < 500 ? failure.message : T.fehler);

  function endOne(sitzung: Sitzung) {
    setNotice(null);
    abmelden.mutate({ params: { id: sitzung.id } }, { onSuccess: () => setNotice(T.abgemeldet), onError: failed });
  }

  function endAll() {
    setAsking(false);
    ueberall.mutate(undefined, { onSuccess: () => logout(), onError: failed });
  }

  return (
    <ProfileSection title={T.ueberschrift}>
      <Typography sx={{ py: 1 }}>{T.einleitung}</Typography>
      <QueryState query={query} loading="Angemeldete Geräte werden geladen" failed={T.ladefehler}>
        {(sitzungen) => (
          <Box component="ul" aria-label={T.ueberschrift} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {sitzungen.map((sitzung) => (
              <SitzungZeile
                key={sitzung.id}
                sitzung={sitzung}
                pending={abmelden.isPending && abmelden.variables?.params.id === sitzung.id}
                onEnd={() => endOne(sitzung)}
              />
            ))}
            {sitzungen.every((sitzung) => sitzung.aktuell) && (
              <Typography component="li" sx={{ py: 1.5 }}>
                {T.keine}
              </Typography>
            )}
          </Box>
        )}
      </QueryState>
      <Box sx={{ py: 1.5, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Button variant="outlined" color="error" onClick={() => setAsking(true)} loading={ueberall.isPending}>
          {T.ueberallAbmelden}
        </Button>
        {notice && (
          <Alert severity="success" role="status" sx={{ flex: '1 1 16rem' }}>
            {notice}
          </Alert>
        )}
      </Box>
      <ConfirmDialog
        open={asking}
        title={T.ueberallTitel}
        text={T.ueberallText}
        confirmLabel={T.ueberallAbmelden}
        cancelLabel={T.abbrechen}
        destructive
        onConfirm={endAll}
        onCancel={() => setAsking(false)}
      />
      <MessageDialog open={error !== null} title={T.ueberschrift} text={error ?? ''} onClose={() => setError(null)} />
    </ProfileSection>
  );
}

function SitzungZeile({ sitzung, pending, onEnd }: { sitzung: Sitzung; pending: boolean; onEnd: () => void }) {
  const titleId = useId();
  const name = `${sitzung.geraet}, ${sitzung.browser}`;
  return (
    <Box
      component="li"
      aria-labelledby={titleId}
      sx={{ py: 1.5, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
    >
      <Box sx={{ flex: '1 1 20rem' }}>
        <Typography id={titleId} component="div" sx={{ fontWeight: 500 }}>
          {name}
          {sitzung.aktuell && <Chip size="small" color="primary" label={T.diesesGeraet} sx={{ ml: 1 }} />}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {T.angemeldetSeit} {formatDateTimeUhr(sitzung.angemeldetAm)} · {T.letzteAktivitaet}{' '}
          {formatDateTimeUhr(sitzung.letzteAktivitaet)} · {T.adresse} {sitzung.adresse}
        </Typography>
      </Box>
      {!sitzung.aktuell && (
        <Button variant="outlined" onClick={onEnd} loading={pending} aria-label={`${T.abmelden}: ${name}`}>
          {T.abmelden}
        </Button>
      )}
    </Box>
  );
}
