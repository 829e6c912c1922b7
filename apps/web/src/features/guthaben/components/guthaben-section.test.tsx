import type { Guthaben } from '@dihs/contract/guthaben';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formErrors } from '../../../test/form-errors.ts';
import { fakeSession, renderWithApp, stubFetch, testSession } from '../../../test/render.tsx';
import { GuthabenSection, guthabenFormSchema } from './guthaben-section.tsx';

const OPERATOR = testSession({ sub: 'betreiber@demo.de', role: 'BETREIBER', userId: 1 });
const BALANCE: Guthaben = {
  bezahltEinzelTermin: 3,
  bezahltGruppenTermin: 2,
  bezahltBefundTermin: 0,
  bezahltTelefonTermin: 1,
  bezahltAnamneseTermin: 1,
  aboEinzelTermin: 0,
  aboGruppenTermin: 0,
  aboBefundTermin: 0,
  aboTrainingsplan: 0,
  rezeptEinzelTermin: 0,
  rezeptGruppenTermin: 0,
  rezeptBefundTermin: 0,
};
const TEXTS = Object.fromEntries(Object.entries(BALANCE).map(([k, v]) => [k, String(v)])) as Record<
  keyof Guthaben,
  string
>;
const VERLAUF = {
  eintraege: [
    {
      id: 1,
      art: 'bezahltEinzelTermin',
      aenderung: 3,
      grund: 'Startguthaben (Demo)',
      datum: '2026-11-21T06:15:00.000Z',
      durchBetreiber: false,
    },
  ],
  schulden: {},
};

const renderSection = (canEdit: boolean) =>
  renderWithApp(<GuthabenSection patientId={4} canEdit={canEdit} />, { session: fakeSession(OPERATOR) });

afterEach(() => vi.unstubAllGlobals());

describe('credit fields', () => {
  it.each([
    ['3', undefined],
    [' 12 ', undefined],
    ['0', undefined],
    ['-1', 'Bitte eine ganze Zahl ab 0 eingeben.'],
    ['1.5', 'Bitte eine ganze Zahl ab 0 eingeben.'],
    ['1,5', 'Bitte eine ganze Zahl ab 0 eingeben.'],
    ['', 'Bitte eine ganze Zahl ab 0 eingeben.'],
    ['zwei', 'Bitte eine ganze Zahl ab 0 eingeben.'],
    ['10001', 'Höchstens 10000 sind möglich.'],
  ])('"%s" → %s', async (text, message) => {
    expect((await formErrors(guthabenFormSchema, { ...TEXTS, aboTrainingsplan: text })).aboTrainingsplan).toBe(message);
  });

  it('turns twelve valid texts into the full balance, and refuses one invalid', () => {
    expect(guthabenFormSchema.parse(TEXTS)).toEqual(BALANCE);
    expect(guthabenFormSchema.safeParse({ ...TEXTS, aboTrainingsplan: '-2' }).success).toBe(false);
  });
});

describe('GuthabenSection (operator)', () => {
  it('shows the balances and history read-only without GUTHABEN_AENDERN', async () => {
    stubFetch({
      'GET /api/guthaben/betreiber/get/4': { body: BALANCE },
      'GET /api/guthaben/betreiber/verlauf/4': { body: VERLAUF },
    });
    renderSection(false);
    expect(await screen.findAllByText('Video-Einzeltermin: 3')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Guthaben bearbeiten' })).not.toBeInTheDocument();
    expect(screen.getByText(/Berechtigung „Guthaben ändern“/)).toBeInTheDocument();
    expect(await screen.findByText('Guthabenverlauf (1)')).toBeInTheDocument();
  });

  it('edits: messages under invalid fields, Speichern only when valid and changed, the confirm dialog, the full balance sent', async () => {
    const fetchMock = stubFetch({
      'GET /api/guthaben/betreiber/get/4': { body: BALANCE },
      'GET /api/guthaben/betreiber/verlauf/4': { body: VERLAUF },
      'POST /api/guthaben/betreiber/store/4': (init) => ({ body: JSON.parse(init.body as string) as unknown }),
    });
    renderSection(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Guthaben bearbeiten' }));
    const save = screen.getByRole('button', { name: 'Speichern' });
    expect(save).toBeDisabled();
    const field = screen.getByLabelText('Einzeltermine (Abo)');
    await userEvent.clear(field);
    await userEvent.type(field, '-1');
    expect(screen.getByText('Bitte eine ganze Zahl ab 0 eingeben.')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, '4');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    const dialog = screen.getByRole('dialog', { name: 'Änderungen Speichern?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(call![1]!.body as string)).toEqual({ ...BALANCE, aboEinzelTermin: 4 });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '„Guthaben“ wurde gespeichert: Einzeltermine (Abo) 0 → 4.',
    );
    expect(screen.getByRole('button', { name: 'Guthaben bearbeiten' })).toBeInTheDocument();
  }, 20_000);

  it('shows "Fehler bei der Änderung" with the server\'s text when saving fails', async () => {
    stubFetch({
      'GET /api/guthaben/betreiber/get/4': { body: BALANCE },
      'GET /api/guthaben/betreiber/verlauf/4': { body: VERLAUF },
      'POST /api/guthaben/betreiber/store/4': {
        status: 400,
        body: { message: 'Das Guthaben eines gelöschten Patienten kann nicht geändert werden.' },
      },
    });
    renderSection(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Guthaben bearbeiten' }));
    const field = screen.getByLabelText('Befundtermine (Rezept)');
    await userEvent.clear(field);
    await userEvent.type(field, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Änderungen Speichern?' })).getByRole('button', { name: 'Speichern' }),
    );
    const failure = await screen.findByRole('dialog', { name: 'Fehler bei der Änderung' });
    expect(failure).toHaveTextContent('Das Guthaben eines gelöschten Patienten kann nicht geändert werden.');
  }, 20_000);
});
