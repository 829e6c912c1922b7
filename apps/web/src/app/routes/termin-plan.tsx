import { berlinDay } from '@dihs/contract/common/time';
import { TERMIN_MESSAGES, type Termin } from '@dihs/contract/termin';
import { verwaltungEndpoints } from '@dihs/contract/verwaltung';
import { PAYMENT_CANCEL_PARAM } from '@dihs/contract/zahlung';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useOptimistic,
  useRef,
  useState,
} from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  ABO_CREDIT_LABELS,
  GuthabenBar,
  PAID_CREDIT_LABELS,
  REZEPT_CREDIT_LABELS,
} from '../../components/guthaben-bar.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { MessageDialog } from '../../components/message-dialog.tsx';
import { LIST_PAGE_SIZES } from '../../components/capped-pagination.tsx';
import { TerminPagination } from '../../components/termin-pagination.tsx';
import { TermineQuery } from '../../components/termine-query.tsx';
import { saveFile } from '../../lib/save-file.ts';
import { useNow } from '../../lib/use-now.ts';
import { useGrowingCount } from '../../lib/use-growing-count.ts';
import { useReadyAfterCommit } from '../../lib/use-ready-after-commit.ts';
import { useLatestCallback } from '../../lib/use-latest-callback.ts';
import { OffeneBuchung } from '../../features/cart/components/offene-buchung.tsx';
import { useBooking } from '../../features/cart/use-booking.ts';
import { returnAbgebrochen, returnCartOf } from '../../features/cart/cart-state.ts';
import { useEndpointQuery } from '../../lib/endpoint-query.ts';
import {
  PLAN_FIRST_PAGE,
  buchungPdf,
  teilnahmePdf,
  terminlistePdf,
  usePlanGuthaben,
  usePlanHatAbo,
  usePlanPatient,
  usePlanTermine,
  useTherapeutenFilter,
  type PlanModus,
} from '../../features/termin/api/plan-api.ts';
import { apiQueryOf, filterOfSearch, searchOfFilter, type PlanFilter } from '../../features/termin/plan-filter.ts';
import { buchbar } from '../../features/termin/termin-status.ts';
import { CartDialog } from '../../features/cart/components/cart-dialog.tsx';
import { PlanFilterBar } from '../../features/termin/components/plan-filter-bar.tsx';
import { StornoDialog, type Meldung } from '../../features/cart/components/storno-dialog.tsx';
import { TerminDetailsDialog } from '../../features/termin/components/termin-details-dialog.tsx';
import { TerminKarte, type TerminAktion } from '../../features/termin/components/termin-karte.tsx';

interface TerminPlanProps {
  modus: PlanModus;
  /** "IHR TERMINPLAN" or "TERMINPLAN FÜR". */
  heading: string;
  /** Where filter changes lead: the route without its optional therapist parameter. */
  basePath: string;
}

/**
 * The appointment plan of one patient (spec 2 "Patient appointment plan", "Operator booking for a patient"):
 * filters in the address, selection, booking cart, print, balance bar, and per appointment status and buttons.
 */
export function TerminPlan({ modus, heading, basePath }: TerminPlanProps) {
  const [searchParams] = useSearchParams();
  const { therapeut } = useParams();
  const navigate = useNavigate();
  const filter = useMemo(() => filterOfSearch(searchParams, therapeut), [searchParams, therapeut]);
  const [today] = useState(() => berlinDay(Date.now()));
  const [page, setPage] = useState<number>(PLAN_FIRST_PAGE.page);
  const [size, setSize] = useState<number>(PLAN_FIRST_PAGE.size);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [details, setDetails] = useState<Termin | null>(null);
  const [meldung, setMeldung] = useState<Meldung | null>(null);
  // After a booking the dialog would return the focus to "Buchen", which is disabled then (nothing is selected): the
  // focus fell to the page body. The plan's heading takes it instead (issue 32 item 13); counted, so each booking does.
  const kopfRef = useRef<HTMLHeadingElement>(null);
  const [gebuchtZaehler, setGebuchtZaehler] = useState(0);
  useEffect(() => {
    if (gebuchtZaehler > 0) kopfRef.current?.focus();
  }, [gebuchtZaehler]);
  const [druckt, setDruckt] = useState(false);

  const termine = usePlanTermine(modus, apiQueryOf(filter, today, page, size));
  const patient = usePlanPatient(modus);
  const guthaben = usePlanGuthaben(modus);
  const hatAbo = usePlanHatAbo(modus);
  const therapeuten = useTherapeutenFilter();
  const eigene = modus.kind === 'patient';

  // the return from the payment page: /patient/termine?cart={id} shows that cart's state
  const returnCart = returnCartOf(searchParams);
  const closeCartParam = () => {
    if (returnCart === null) return;
    const next = new URLSearchParams(searchParams);
    next.delete('cart');
    next.delete(PAYMENT_CANCEL_PARAM.name);
    const search = next.toString();
    void navigate(search ? `${basePath}?${search}` : basePath, { replace: true });
  };
  const booking = useBooking({
    modus,
    returnCart,
    returnAbgebrochen: returnAbgebrochen(searchParams),
    gebuchtLink: `${basePath}?${searchOfFilter({ ...filterOfSearch(new URLSearchParams()), ta: 'angemeldet' }).toString()}`,
    returnWaits: details !== null,
    melden: setMeldung,
    onCartClosed: (gebucht) => {
      closeCartParam();
      if (!gebucht) return;
      setSelected(new Set());
      setGebuchtZaehler((n) => n + 1);
    },
  });
  const { offeneBuchung } = booking;
  const busy = booking.busy || druckt;

  const items = termine.data?.items ?? [];
  // The boxes above the filter arrive one by one: the page shows once they are known, so that none of them pushes
  // the filter and the list down after they were painted (CLS). It renders in a background pass that yields to the
  // browser, always after a first pass of only the heading and the spinner: even with every answer cached (they were
  // asked for with the session, see opening-page.ts), the heading, the page's largest paint, is not held back by the
  // rest. The cards follow one more pass later, for the same reason: together, the heading waited for all 50.
  const known = useDeferredValue(
    ![patient, guthaben, hatAbo].some((query) => query.isLoading) && !booking.loading,
    false,
  );
  // React Query's updates render synchronously, and a page of 50 cards blocked a phone's main thread for hundreds of
  // milliseconds at once (Lighthouse's Total Blocking Time): the cards and the pagination render in a background
  // pass that yields to the browser between cards. Until then the list shows nothing new.
  const listReady = useReadyAfterCommit(known);
  const shown = useDeferredValue(listReady ? termine.data : undefined);
  // and their commits come in passes of ten cards (the pagination with the last), not all 50 in one task
  const cardsTotal = shown?.items.length ?? 0;
  const cardsShown = useGrowingCount(cardsTotal);
  // the Befund list of the settings, plus the names on this page (an appointment may carry an older Befund)
  const befundNamen = useEndpointQuery(verwaltungEndpoints.befundNamen, undefined);
  const befunde = useMemo(
    () =>
      [
        ...new Set([
          ...(befundNamen.data ?? []),
          ...(termine.data?.items ?? []).map((t) => t.befund),
          ...(filter.b ? [filter.b] : []),
        ]),
      ].sort((a, b) => a.localeCompare(b, 'de')),
    [befundNamen.data, termine.data, filter.b],
  );

  // A filter change shows in the filter bar at once (optimistic until the address has it), and the page with its list
  // follows in a transition: a synchronous navigation rendered the whole page in the tap's frame, about a second on a
  // 4×-slowed phone (`npm run bench -- --only=inp`), and a controlled radio waiting for the transition would flick
  // back meanwhile.
  const [gewaehlterFilter, setGewaehlterFilter] = useOptimistic(filter);
  const changeFilter = (next: PlanFilter) => {
    const search = searchOfFilter(next).toString();
    startTransition(() => {
      setGewaehlterFilter(next);
      void navigate(search ? `${basePath}?${search}` : basePath);
      setPage(0);
      setSelected(new Set());
    });
  };

  // selectable appointments change when one starts: a minute's precision is enough for the checkboxes
  const nowMs = useNow(() => 60_000);
  const waehlbar = items.filter((t) => buchbar(t, nowMs));
  const selectedShown = items.filter((t) => selected.has(t.id));
  const allSelected = waehlbar.length > 0 && waehlbar.every((t) => selected.has(t.id));

  const pdf = async (load: () => Promise<Blob>, fileName: string, failureTitle: string) => {
    setDruckt(true);
    try {
      saveFile(await load(), fileName);
    } catch (error) {
      setMeldung({ title: failureTitle, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setDruckt(false);
    }
  };

  const drucken = () => {
    const ids = (selectedShown.length > 0 ? selectedShown : items).map((t) => t.id);
    void pdf(() => terminlistePdf(ids), 'terminliste.pdf', 'Die Terminliste konnte nicht erstellt werden');
  };

  // stable for the memoised cards: a card renders again only when its appointment or selection changed
  const waehlen = useCallback((terminId: number, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(terminId);
      else next.delete(terminId);
      return next;
    });
  }, []);
  const aktion = useLatestCallback((was: TerminAktion, termin: Termin) => {
    if (was === 'details') setDetails(termin);
    else if (was === 'stornieren') booking.stornieren(termin);
    else if (was === 'buchung-pdf')
      void pdf(
        () => buchungPdf(termin.id),
        `terminbuchungsbestaetigung-${termin.id}.pdf`,
        'Die Buchungsbestätigung konnte nicht erstellt werden',
      );
    else
      void pdf(
        () => teilnahmePdf(termin.id),
        `teilnahmebestaetigung-${termin.id}.pdf`,
        TERMIN_MESSAGES.teilnahmeBestaetigungTitel,
      );
  });

  const name = patient.data ? `${patient.data.vorname} ${patient.data.nachname}` : '';
  // The heading shows in the page's first pass (see `known`). The name is a line of its own, kept open while it
  // loads, so that neither its arrival nor a long name moves the spinner below.
  const kopf = (
    <Typography ref={kopfRef} tabIndex={-1} variant="h1" sx={{ mb: 3 }}>
      {heading}{' '}
      <Box component="span" sx={{ display: 'block', typography: 'h3', mt: 0.5 }}>
        {name || '\u00a0'}
      </Box>
    </Typography>
  );
  if (!known) {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        {kopf}
        <LoadingIndicator label="Terminplan wird geladen" />
      </Container>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {kopf}
      <Stack spacing={2}>
        {offeneBuchung && !booking.cartDialog && (
          <OffeneBuchung
            cart={offeneBuchung}
            busy={busy}
            onFortsetzen={() => booking.fortsetzen(offeneBuchung)}
            onFreigeben={() => void booking.freigeben(offeneBuchung)}
          />
        )}
        {guthaben.data && (
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Guthaben">
            <Stack spacing={1.5}>
              <GuthabenBar guthaben={guthaben.data} title="Bezahltes Guthaben" kinds={PAID_CREDIT_LABELS} />
              {hatAbo.data === true && (
                <GuthabenBar guthaben={guthaben.data} title="Abo-Guthaben" kinds={ABO_CREDIT_LABELS} />
              )}
              <GuthabenBar guthaben={guthaben.data} title="Rezept-Guthaben" kinds={REZEPT_CREDIT_LABELS} />
            </Stack>
          </Paper>
        )}
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <PlanFilterBar
            filter={gewaehlterFilter}
            onChange={changeFilter}
            onReset={() => changeFilter(filterOfSearch(new URLSearchParams()))}
            today={today}
            therapeuten={therapeuten.data ?? []}
            befunde={befunde}
            zeigeFirma={patient.data?.firmaId != null}
          />
        </Paper>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <FormControlLabel
            label="Alle auswählen"
            sx={{ mr: 'auto' }}
            control={
              <Checkbox
                checked={allSelected}
                indeterminate={!allSelected && waehlbar.some((t) => selected.has(t.id))}
                disabled={waehlbar.length === 0}
                onChange={(event) => setSelected(event.target.checked ? new Set(waehlbar.map((t) => t.id)) : new Set())}
              />
            }
          />
          {eigene && (
            <Button variant="outlined" disabled={items.length === 0 || busy} onClick={drucken}>
              Terminliste drucken
            </Button>
          )}
          <Button
            variant="contained"
            disabled={selectedShown.length === 0 || busy}
            onClick={() => void booking.buchen(selectedShown.map((t) => t.id))}
          >
            {selectedShown.length > 0 ? `Buchen (${selectedShown.length})` : 'Buchen'}
          </Button>
        </Box>
        <TermineQuery query={termine}>
          {() =>
            shown === undefined ? null : shown.items.length === 0 ? (
              <Typography>Keine Termine gefunden</Typography>
            ) : (
              <Stack spacing={1.5} component="div" aria-label="Termine" role="list">
                {shown.items.slice(0, cardsShown).map((termin) => (
                  <Box role="listitem" key={termin.id}>
                    <TerminKarte
                      termin={termin}
                      selected={selected.has(termin.id)}
                      onSelect={waehlen}
                      eigeneAktionen={eigene}
                      onAktion={aktion}
                    />
                  </Box>
                ))}
              </Stack>
            )
          }
        </TermineQuery>
        {shown && cardsShown === cardsTotal && shown.total > LIST_PAGE_SIZES[0] && (
          <TerminPagination
            data={shown}
            page={page}
            size={size}
            onPageChange={(next) => {
              setPage(next);
              setSelected(new Set());
            }}
            onSizeChange={(next) => {
              setSize(next);
              setPage(0);
            }}
          />
        )}
      </Stack>
      {booking.cartDialog && <CartDialog key={booking.cartDialog.cart.cartId} {...booking.cartDialog} />}
      {booking.stornoDialog && <StornoDialog {...booking.stornoDialog} />}
      {details && <TerminDetailsDialog termin={details} onClose={() => setDetails(null)} />}
      <MessageDialog
        open={meldung !== null}
        title={meldung?.title ?? ''}
        text={meldung?.text ?? ''}
        onClose={() => setMeldung(null)}
      />
    </Container>
  );
}
