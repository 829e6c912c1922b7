import { LEERE_ANAMNESE, type Anamnese } from '@dihs/contract/anamnese';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, stubFetch, testSession } from '../../../test/render.tsx';
import { AnamnesePage } from './anamnese-page.tsx';

const PATIENT = fakeSession(testSession({ sub: 'patient@demo.de', role: 'PATIENT', userId: 9 }));

const gespeichertAm = (minute: number): Anamnese => ({
  ...LEERE_ANAMNESE,
  groesse: 180,
  gewicht: 75,
  patientId: 9,
  unterschrieben: false,
  unterschriebenAm: null,
  geaendert: `2026-11-20T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

/** The stored form: each save stores a newer version, which the page reads back (and builds its form anew from). */
function stubAnamnese() {
  let stand = gespeichertAm(0);
  return stubFetch({
    'GET /api/anamnese': () => ({ body: stand }),
    'POST /api/anamnese': () => {
      stand = gespeichertAm(Number(stand.geaendert.slice(14, 16)) + 1);
      return { body: stand };
    },
  });
}

// text and label queries: role queries by name over the long form are slow on a busy machine
const datenschutz = () => screen.getByLabelText(/Datenschutzerklärung/);
const formGeladen = () => screen.findByText('Mit * markierte Felder werden zum Fertigstellen benötigt.');

/** A keyboard user's press on a button: the button has the focus. */
const druecken = (name: string) => {
  const button = screen.getByText(name, { selector: 'button' });
  button.focus();
  fireEvent.click(button);
};

const alertMit = (text: string) => screen.getByText(text).closest('[role="alert"]');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AnamnesePage (own form): the keyboard focus when a control goes away (issue 32 item 13)', () => {
  it('hands the focus of "Zwischenspeichern" to the note when the saved form is built anew', async () => {
    stubAnamnese();
    renderWithApp(<AnamnesePage />, { path: '/anamnese', session: PATIENT });
    await formGeladen();
    fireEvent.click(datenschutz());
    druecken('Zwischenspeichern');
    await waitFor(() => expect(alertMit('Ihre Angaben wurden gespeichert.')).toHaveFocus());
    // the form built anew from the stored answers (the checkbox is to be ticked again) leaves the focus to the note
    await waitFor(() => expect(datenschutz()).not.toBeChecked());
    expect(alertMit('Ihre Angaben wurden gespeichert.')).toHaveFocus();
  });
});
