import { BUCHUNG_TEXTE } from '@dihs/contract/cart';
import { berlinDay, formatDayDe } from '@dihs/contract/common/time';
import { TERMINTYP_LABELS, type Termin } from '@dihs/contract/termin';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderRoutes, stubFetch, testSession } from '../../test/render.tsx';
import { terminFixture, therapeutFixture } from '../../test/termin-fixture.ts';
import { TermineBetreiberPatientPage } from './termine-betreiber-patient-page.tsx';
import { TerminePatientPage } from './termine-patient-page.tsx';
import { prefetch } from './termine-patient-prefetch.ts';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const BASE = terminFixture({ datum: inDays(3) });
const GEBUCHT: Termin = { ...BASE, id: 2, befund: 'Knie-Arthrose', angemeldet: true, bezahlt: true };
const GUTHABEN = {
  aboEinzelTermin: 0,
  aboGruppenTermin: 0,
  aboBefundTermin: 0,
  aboTrainingsplan: 0,
  bezahltEinzelTermin: 2,
  bezahltGruppenTermin: 1,
  bezahltBefundTermin: 0,
  bezahltTelefonTermin: 0,
  bezahltAnamneseTermin: 0,
  rezeptEinzelTermin: 0,
  rezeptGruppenTermin: 0,
  rezeptBefundTermin: 0,
};
const THERAPEUTEN = [therapeutFixture()];

const PATIENT = fakeSession(testSession({ sub: 'patient@demo.de', role: 'PATIENT', userId: 9 }));
const OPERATOR = fakeSession(
  testSession({ sub: 'betreiber@demo.de', role: 'BETREIBER', userId: 1, privileges: ['PATIENT_TERMINE_BUCHEN'] }),
);

/** Answers the list for any query and records the queries asked. */
function stubPlan(listPath: string, extra: Parameters<typeof stubFetch>[0] = {}, items: Termin[] = [BASE, GEBUCHT]) {
  const fetchMock = stubFetch({
    'GET /api/patient/getPatient': {
      body: { patientId: 9, userId: 9, vorname: 'Paula', nachname: 'Patientin', firmaId: 3 },
    },
    'GET /api/patient/getByPatientId/9': {
      body: { patientId: 9, userId: 9, vorname: 'Paula', nachname: 'Patientin', firmaId: null },
    },
    'GET /api/guthaben/patient/get': { body: GUTHABEN },
    'GET /api/guthaben/betreiber/get/9': { body: { ...GUTHABEN, bezahltGruppenTermin: 0 } },
    'GET /api/user/abo/9/privileges': { body: false },
    'GET /api/therapeut/patient/all': { body: THERAPEUTEN },
    ...extra,
  });
  const inner = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : '';
    if (url.startsWith(`/api${listPath}?`))
      return Promise.resolve(
        new Response(JSON.stringify({ items, total: items.length }), {
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    return inner(input, init);
  });
  return fetchMock;
}

const listCalls = (fetchMock: ReturnType<typeof stubFetch>, listPath: string) =>
  fetchMock.mock.calls
    .map(([url]) => (typeof url === 'string' ? url : ''))
    .filter((url) => url.startsWith(`/api${listPath}?`));

const renderPatient = (path: string, queryClient?: QueryClient) =>
  renderRoutes(
    [
      { path: '/patient/termine', element: <TerminePatientPage /> },
      { path: '/patient/termine/:therapeut', element: <TerminePatientPage /> },
    ],
    { path, session: PATIENT, queryClient },
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A date field's text: the plain field's until it is used, then the picker's hidden input (LazyTextPicker). */
const dayInput = (name: string) =>
  screen.queryByRole('group', { name })?.querySelector('input') ?? screen.getByRole('textbox', { name });

describe('TerminePatientPage', { timeout: 20_000 }, () => {
  it('reads the filters from the address and writes changes back to it', async () => {
    const fetchMock = stubPlan('/termin/patient/all');
    const { router } = renderPatient('/patient/termine/4?ta=alle&kgt&zaj=2026&zam=12&zat=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'IHR TERMINPLAN Paula Patientin' })).toBeVisible();
    await screen.findByRole('region', { name: /^Rückenschmerzen/ }, { timeout: 10_000 });
    const first = new URLSearchParams(listCalls(fetchMock, '/termin/patient/all')[0]!.split('?')[1]);
    expect(Object.fromEntries(first)).toMatchObject({
      ta: 'alle',
      t: '4',
      typen: 'EINZEL,TELEFON,ANAMNESE,BEFUND',
      von: '2026-12-01',
      bis: '2026-12-01',
    });
    expect(screen.getByRole('radio', { name: 'Alle Termine' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Video-Gruppentermin' })).not.toBeChecked();
    expect(dayInput('Von')).toHaveValue('01.12.2026');
    expect(dayInput('Bis')).toHaveValue('');
    // a patient with a company sees "Nur Firmentermine"
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Nur Firmentermine' }));
    await waitFor(() => expect(router.state.location.search).toContain('nf='));
    expect(router.state.location.pathname).toBe('/patient/termine');
    expect(router.state.location.search).toContain('t=4');
    // the plain field becomes the picker when it is used, focused where the plain field was
    await userEvent.click(screen.getByRole('textbox', { name: 'Bis' }));
    // the picker's first load (MUI X, dayjs) is transformed on demand by vitest: slow on a busy machine
    const bis = await screen.findByRole('group', { name: 'Bis' }, { timeout: 10_000 });
    await waitFor(() => expect(bis).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('24122026');
    await waitFor(() => expect(router.state.location.search).toContain('zej=2026&zem=12&zet=24'));
    await waitFor(() =>
      expect(listCalls(fetchMock, '/termin/patient/all').at(-1)).toContain('von=2026-12-01&bis=2026-12-24'),
    );
  });

  it('uses what the route asked for before its code loaded: every prefetched answer under the page’s own key', async () => {
    const fetchMock = stubPlan('/termin/patient/all', {
      'GET /api/cart/patient/offen': { body: null },
      'GET /api/verwaltung/Befunde/namen': { body: ['Rückenschmerzen'] },
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    const address = '/patient/termine/4?ta=alle&kgt&zaj=2026&zam=12&zat=1';
    const [path, search] = address.split('?');
    prefetch({
      queryClient,
      viewer: 'user-9',
      userId: 9,
      search: new URLSearchParams(search),
      params: { therapeut: '4' },
    });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const prefetched = queryClient.getQueryCache().findAll();
    expect(prefetched).toHaveLength(7);
    const callsBefore = fetchMock.mock.calls.length;
    renderPatient(`${path}?${search}`, queryClient);
    await screen.findByRole('region', { name: /^Rückenschmerzen/ });
    // the page observes each of them and asked for none of them again
    for (const query of prefetched)
      expect(query.getObserversCount(), JSON.stringify(query.queryKey)).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.length).toBe(callsBefore);
  });

  it('keeps the last type on, shows the default range, the balance and the display status', async () => {
    stubPlan('/termin/patient/all');
    renderPatient('/patient/termine?ket&kgt&ktt&kat');
    const befund = await screen.findByRole('checkbox', { name: 'Befundtermin' });
    expect(befund).toHaveAttribute('readonly');
    await userEvent.click(befund);
    expect(befund).toBeChecked();
    expect(dayInput('Von')).toHaveValue(formatDayDe(berlinDay()));
    expect(screen.getByText('Video-Gruppentermin: 1')).toBeInTheDocument();
    expect(screen.queryByText('Abo-Guthaben')).not.toBeInTheDocument();
    const gebucht = await screen.findByRole('region', { name: /^Knie-Arthrose/ });
    expect(within(gebucht).getByText('gebucht')).toBeInTheDocument();
    expect(within(gebucht).getByRole('checkbox', { name: 'Termin auswählen' })).toBeDisabled();
    const frei = screen.getByRole('region', { name: /^Rückenschmerzen/ });
    expect(within(frei).getByText('nicht gebucht')).toBeInTheDocument();
  });

  /** An open cart of one group appointment paid from credit. */
  const creditCart = (cartId: number) => ({
    cartId,
    status: 'OFFEN',
    redirectUrl: null,
    vorname: 'Paula',
    nachname: 'Patientin',
    amountCents: 0,
    expiresAt: inDays(1),
    items: [
      {
        terminId: 1,
        terminName: 'Rückenschmerzen',
        termintyp: 'GRUPPE',
        datum: BASE.datum,
        therapeut: 'Thea Therapeutin',
        status: 'OFFEN',
        paymentMethod: 'GUTHABEN',
        amountCents: 0,
      },
    ],
  });
  const booked = (cart: ReturnType<typeof creditCart>) => ({
    ...cart,
    status: 'BEZAHLT',
    items: cart.items.map((item) => ({ ...item, status: 'PAID' })),
  });

  it('selects, books through the cart dialog and reloads', async () => {
    const cart = creditCart(5);
    const fetchMock = stubPlan('/termin/patient/all', {
      'POST /api/cart/create': { body: cart },
      'POST /api/cart/confirm/5': { body: booked(cart) },
    });
    renderPatient('/patient/termine');
    const book = await screen.findByRole('button', { name: 'Buchen' });
    expect(book).toBeDisabled();
    await screen.findByRole('region', { name: /^Rückenschmerzen/ });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Alle auswählen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Buchen (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ihre Buchung' });
    const create = fetchMock.mock.calls.find(([url]) => url === '/api/cart/create');
    expect(JSON.parse(create?.[1]?.body as string)).toEqual([{ id: 1 }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buchung bestätigen' }));
    const done = await screen.findByRole('dialog', { name: 'Buchung abgeschlossen' });
    expect(done).toHaveTextContent(`Ihr Termin ist gebucht:Rückenschmerzen (${TERMINTYP_LABELS.GRUPPE}) am`);
    expect(done).toHaveTextContent('bei Thea Therapeutin');
    // the link to the booked appointments closes the dialog and shows them
    await userEvent.click(within(done).getByRole('link', { name: 'Gebuchte Termine' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('radio', { name: 'Gebuchte Termine' })).toBeChecked();
    // "Buchen" is disabled now: the plan's heading has the focus instead of the page body
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('back from the payment page: the paid cart of ?cart={id} is confirmed; an unknown, malformed or unreadable one is said so', async () => {
    stubPlan('/termin/patient/all', {
      'GET /api/cart/get/5': { body: booked(creditCart(5)) },
      'GET /api/cart/get/77': { status: 404, body: { message: 'Unbekannter Warenkorb.' } },
      'GET /api/cart/get/88': { status: 500, body: { message: 'x' } },
    });
    renderPatient('/patient/termine?cart=5');
    const done = await screen.findByRole('dialog', { name: 'Buchung abgeschlossen' });
    expect(done).toHaveTextContent(`Ihr Termin ist gebucht:Rückenschmerzen (${TERMINTYP_LABELS.GRUPPE}) am`);
    await userEvent.click(within(done).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    for (const cart of ['77', 'abc']) {
      cleanup();
      renderPatient(`/patient/termine?cart=${cart}`);
      const unknown = await screen.findByRole('dialog', { name: BUCHUNG_TEXTE.unbekanntTitel });
      expect(unknown).toHaveTextContent(BUCHUNG_TEXTE.unbekannt);
    }
    cleanup();
    renderPatient('/patient/termine?cart=88');
    expect(await screen.findByRole('dialog', { name: BUCHUNG_TEXTE.ladeFehlerTitel })).toHaveTextContent(
      BUCHUNG_TEXTE.ladeFehler,
    );
  });

  it('after a booking reads again what it changed: the list, the balance, the subscription and the open booking', async () => {
    const cart = creditCart(6);
    const fetchMock = stubPlan('/termin/patient/all', {
      'GET /api/cart/patient/offen': { body: null },
      'POST /api/cart/create': { body: cart },
      'POST /api/cart/confirm/6': { body: booked(cart) },
    });
    renderPatient('/patient/termine');
    const region = await screen.findByRole('region', { name: /^Rückenschmerzen/ });
    await userEvent.click(within(region).getByRole('checkbox', { name: 'Termin auswählen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Buchen (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ihre Buchung' });
    const before = fetchMock.mock.calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buchung bestätigen' }));
    await screen.findByRole('dialog', { name: 'Buchung abgeschlossen' });
    const after = () => fetchMock.mock.calls.slice(before).map(([url]) => (typeof url === 'string' ? url : ''));
    await waitFor(() =>
      expect(after()).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^\/api\/termin\/patient\/all\?/),
          '/api/guthaben/patient/get',
          '/api/user/abo/9/privileges',
          '/api/cart/patient/offen',
        ]),
      ),
    );
  });

  it('cancels a booking after the confirmation and shows the refusals of spec 2 section 8', async () => {
    stubPlan('/termin/patient/all', {
      'GET /api/termin/patient/abmelden/2': { body: { terminId: 2, befund: 'Knie-Arthrose', gutschrift: true } },
    });
    renderPatient('/patient/termine?ta=angemeldet');
    const region = await screen.findByRole('region', { name: /^Knie-Arthrose/ });
    await userEvent.click(within(region).getByRole('button', { name: 'Stornieren' }));
    const confirm = screen.getByRole('dialog', { name: 'Stornierung bestätigen' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Stornieren' }));
    expect(await screen.findByRole('dialog', { name: 'Termin storniert' })).toHaveTextContent(
      'Der Termin Knie-Arthrose wurde erfolgreich storniert. Das entsprechende Guthaben wurde Ihnen zugeschrieben.',
    );
  });

  it('says "Verboten" for a 403 and the deadline text for a 409', async () => {
    let status = 403;
    stubPlan('/termin/patient/all', {
      'GET /api/termin/patient/abmelden/2': () => ({ status, body: { message: 'x' } }),
    });
    renderPatient('/patient/termine?ta=angemeldet');
    const region = await screen.findByRole('region', { name: /^Knie-Arthrose/ });
    await userEvent.click(within(region).getByRole('button', { name: 'Stornieren' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Stornierung bestätigen' })).getByRole('button', {
        name: 'Stornieren',
      }),
    );
    const verboten = await screen.findByRole('dialog', { name: 'Verboten' });
    expect(verboten).toHaveTextContent('Sie sind nicht zu dieser Aktion berechtigt.');
    await userEvent.click(within(verboten).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    status = 409;
    await userEvent.click(within(region).getByRole('button', { name: 'Stornieren' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Stornierung bestätigen' })).getByRole('button', {
        name: 'Stornieren',
      }),
    );
    expect(await screen.findByRole('dialog', { name: 'Termin konnte nicht storniert werden' })).toHaveTextContent(
      'Termine können nur bis 24 Stunden vor Terminbeginn storniert werden.',
    );
  });
});

describe('TermineBetreiberPatientPage', { timeout: 20_000 }, () => {
  it('books from the patient credit and shows the KEIN_*_GUTHABEN refusal', async () => {
    const fetchMock = stubPlan('/termin/betreiber/for/all/9', {
      'POST /api/cart/create/forpatient/9': {
        status: 409,
        body: {
          message:
            'Guthaben Reicht nicht aus: Für einen Video-Gruppentermin fehlt der Patientin oder dem Patienten passendes Guthaben.',
          code: 'KEIN_GRUPPE_GUTHABEN',
        },
      },
    });
    renderRoutes([{ path: '/betreiber/termine/patient/:patient', element: <TermineBetreiberPatientPage /> }], {
      path: '/betreiber/termine/patient/9',
      session: OPERATOR,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'TERMINPLAN FÜR Paula Patientin' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Terminliste drucken' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Nur Firmentermine' })).not.toBeInTheDocument();
    const region = await screen.findByRole('region', { name: /^Rückenschmerzen/ });
    await userEvent.click(within(region).getByRole('checkbox', { name: 'Termin auswählen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Buchen (1)' }));
    const refusal = await screen.findByRole('dialog', { name: 'Fehler bei der Buchung' });
    expect(refusal).toHaveTextContent(
      'Guthaben Reicht nicht aus: Für einen Video-Gruppentermin fehlt der Patientin oder dem Patienten passendes Guthaben.',
    );
    expect(refusal).not.toHaveTextContent('KEIN_GRUPPE_GUTHABEN');
    expect(screen.queryByRole('dialog', { name: 'Ihre Buchung' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/cart/create/forpatient/9')).toBe(true);
  });
});
