import { apiUrl } from '@dihs/contract/common/endpoint';
import { TRAINING_TEXTS, trainingEndpoints, type MeinPlan, type PlanEintrag } from '@dihs/contract/training';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { fakeSession, renderWithApp, testSession } from '../../../test/render.tsx';
import { useMeinPlan } from '../api/training-api.ts';
import { ErledigtForm } from './erledigt-form.tsx';

const PATIENT = testSession({ sub: 'patient@demo.de', role: 'PATIENT', userId: 4 });
const PLAN_URL = apiUrl(trainingEndpoints.meinPlan);
const ERLEDIGT_URL = apiUrl(trainingEndpoints.erledigt);

const eintrag = (heute: PlanEintrag['heute']): PlanEintrag => ({
  id: 11,
  setId: 3,
  uebungId: 5,
  position: 1,
  dauer: 60,
  anzahl: 10,
  pause: 30,
  wiederholungen: 3,
  information: '',
  titel: 'Katzenbuckel',
  videoUrl: 'https://vimeo.com/76979871',
  videoVorschauBildUrl: null,
  patientId: 4,
  heute,
});
const plan = (heute: PlanEintrag['heute']): MeinPlan => ({
  patientName: 'Till Treu',
  hatAbo: true,
  set: { id: 3, validFrom: '2026-11-20T08:00:00.000Z', patientId: 4, planListe: [eintrag(heute)] },
});

interface Sent {
  body: unknown;
  answer(status: number, body: unknown): void;
  fail(): void;
}

/**
 * A server whose done-mark answers the test gives by hand (so it can look at the page while a tick is on its way);
 * the plan is read as `stored` says.
 */
function handServer(stored: { heute: PlanEintrag['heute'] }) {
  const sent: Sent[] = [];
  const reads: string[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if ((init.method ?? 'GET') === 'GET' && url === PLAN_URL) {
        reads.push(url);
        return Promise.resolve(json(200, plan(stored.heute)));
      }
      if (init.method === 'POST' && url === ERLEDIGT_URL) {
        return new Promise<Response>((resolve, reject) => {
          sent.push({
            body: JSON.parse(init.body as string) as unknown,
            answer: (status, body) => resolve(json(status, body)),
            fail: () => reject(new TypeError('Failed to fetch')),
          });
        });
      }
      return Promise.resolve(json(404, { message: 'Nicht gefunden' }));
    }),
  );
  return { sent, reads };
}

function Karten() {
  const mein = useMeinPlan();
  return (
    <ul>
      {mein.data?.set?.planListe.map((e) => (
        <li key={e.id}>
          <ErledigtForm eintrag={e} />
        </li>
      ))}
    </ul>
  );
}

const renderKarten = () => renderWithApp(<Karten />, { session: fakeSession(PATIENT) });
const tick = () => screen.findByRole('checkbox', { name: 'Heute erledigt' });

afterEach(() => vi.unstubAllGlobals());

describe('ErledigtForm', () => {
  it('shows the tick at once and keeps it when the server stored it', async () => {
    const stored = { heute: { erledigt: false, schmerz: null } as PlanEintrag['heute'] };
    const server = handServer(stored);
    renderKarten();
    await userEvent.click(await tick());
    // before any answer
    expect(await tick()).toBeChecked();
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]!.body).toEqual({ eintragId: 11, erledigt: true, schmerz: null });
    stored.heute = { erledigt: true, schmerz: null };
    server.sent[0]!.answer(200, eintrag(stored.heute));
    // the plan is read again once the answer is in, and still shows the tick
    await waitFor(() => expect(server.reads).toHaveLength(2));
    expect(await tick()).toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes the tick back and says so in German when the server refuses it', async () => {
    const server = handServer({ heute: { erledigt: false, schmerz: null } });
    renderKarten();
    await userEvent.click(await tick());
    expect(await tick()).toBeChecked();
    await waitFor(() => expect(server.sent).toHaveLength(1));
    server.sent[0]!.answer(409, { message: TRAINING_TEXTS.nichtAktuell });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Nicht gespeichert: ${TRAINING_TEXTS.nichtAktuell}`);
    expect(await tick()).not.toBeChecked();
    // the plan changed meanwhile: one click reads the plan in force
    await userEvent.click(within(alert).getByRole('button', { name: 'Aktuellen Plan laden' }));
    await waitFor(() => expect(server.reads).toHaveLength(2));
  });

  it('takes an untick back when the server cannot be reached', async () => {
    const server = handServer({ heute: { erledigt: true, schmerz: 3 } });
    renderKarten();
    expect(await tick()).toBeChecked();
    await userEvent.click(await tick());
    expect(await tick()).not.toBeChecked();
    await waitFor(() => expect(server.sent).toHaveLength(1));
    server.sent[0]!.fail();

    expect(await screen.findByRole('alert')).toHaveTextContent(`Nicht gespeichert: ${NETWORK_ERROR_MESSAGE}`);
    expect(await tick()).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Schmerz dabei (0–10)' })).toHaveValue('3');
  });

  it('sends the pain chosen right after the tick, once the tick is answered', async () => {
    const stored = { heute: { erledigt: false, schmerz: null } as PlanEintrag['heute'] };
    const server = handServer(stored);
    renderKarten();
    await userEvent.click(await tick());
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Schmerz dabei (0–10)' }), '3');
    expect(screen.getByRole('combobox', { name: 'Schmerz dabei (0–10)' })).toHaveValue('3');

    // one request at a time: the pain waits for the tick's answer, so it cannot arrive first
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]!.body).toEqual({ eintragId: 11, erledigt: true, schmerz: null });
    server.sent[0]!.answer(200, eintrag({ erledigt: true, schmerz: null }));
    await waitFor(() => expect(server.sent).toHaveLength(2));
    expect(server.sent[1]!.body).toEqual({ eintragId: 11, erledigt: true, schmerz: 3 });
    // the earlier answer does not put the pain back while the later request is on its way
    expect(screen.getByRole('combobox', { name: 'Schmerz dabei (0–10)' })).toHaveValue('3');
    stored.heute = { erledigt: true, schmerz: 3 };
    server.sent[1]!.answer(200, eintrag(stored.heute));
    await waitFor(() => expect(server.reads).toHaveLength(2));
    expect(await tick()).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Schmerz dabei (0–10)' })).toHaveValue('3');
  });
});
