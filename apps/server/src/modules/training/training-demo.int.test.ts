import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aboEndpoints, type Abo } from '@dihs/contract/abo';
import type { EndpointDeclaration } from '@dihs/contract/common/endpoint';
import { addDays, berlinDay } from '@dihs/contract/common/time';
import { trainingEndpoints as api, type MeinPlan, type PlanSet, type PlanSetList } from '@dihs/contract/training';
import { seedDemoWorld } from '../../seed.ts';
import { injectEndpoint, type InjectInput } from '../../test/inject-endpoint.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_ABO, seedDemoAbo } from '../abo/index.ts';
import { abos } from '../abo/abo.table.ts';
import { users } from '../users/users.table.ts';
import { DEMO_TRAINING, DEMO_UEBUNGEN, seedDemoTraining } from './training.demo.ts';
import { planErledigt, planSets } from './training.table.ts';

// The embedded demo shows the whole product (issue 29 item 4): patient@demo.de has a paid, running subscription
// and a plan by therapeut@demo.de with two weeks of done marks and pain ratings; patient2@demo.de has neither.

let t: TestApp;
const ids: Record<string, number> = {};
const bearers: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const email of ['patient@demo.de', 'patient2@demo.de', 'therapeut@demo.de', 'betreiber@demo.de']) {
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    ids[email] = row!.id;
    bearers[email] = await t.bearer(email);
  }
});
afterAll(async () => {
  await t.close();
});

async function ok<T>(declaration: EndpointDeclaration, email: string, input: InjectInput<EndpointDeclaration> = {}) {
  const response = await injectEndpoint(t.app, declaration, { ...input, authorization: bearers[email] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

describe('the demo world', () => {
  it('gives patient@demo.de a paid subscription that runs from days ago to months ahead', async () => {
    const today = berlinDay();
    const abo = await ok<Abo | null>(aboEndpoints.eigenesAbo, 'patient@demo.de');
    expect(abo).toMatchObject({ status: 'AKTIV', bezahlabo: true, kuendigungVorgemerkt: false });
    expect(abo!.aboPaket.title).toBe(DEMO_ABO.paket);
    expect(abo!.beginn).toBe(addDays(today, -DEMO_ABO.begonnenVorTagen));
    expect(abo!.laufzeitEnde! > addDays(today, 60)).toBe(true);
    expect(abo!.naechsteAbrechnung! > addDays(today, 30)).toBe(true);
    const patientId = ids['patient@demo.de']!;
    expect(await ok<boolean>(aboEndpoints.hatAbo, 'patient@demo.de', { params: { userId: patientId } })).toBe(true);
    // patient2@demo.de stays without one: the demo of the way to the shop
    expect(await ok<Abo | null>(aboEndpoints.eigenesAbo, 'patient2@demo.de')).toBeNull();
  });

  it('shows patient@demo.de a plan by therapeut@demo.de of several demo exercises, today still to do', async () => {
    const plan = await ok<MeinPlan>(api.meinPlan, 'patient@demo.de');
    expect(plan.hatAbo).toBe(true);
    expect(plan.set).not.toBeNull();
    expect(plan.set!.planListe.length).toBeGreaterThanOrEqual(3);
    const demoTitel: string[] = DEMO_UEBUNGEN.map((uebung) => uebung.titel);
    for (const eintrag of plan.set!.planListe) {
      expect(demoTitel).toContain(eintrag.titel);
      expect(eintrag.heute).toEqual({ erledigt: false, schmerz: null });
    }
    expect(plan.set!.validFrom.slice(0, 10) <= addDays(berlinDay(), -13)).toBe(true);
    const [set] = await t.db.select().from(planSets).where(eq(planSets.id, plan.set!.id));
    expect(set!.therapeutUserId).toBe(ids['therapeut@demo.de']);

    const ohneAbo = await ok<MeinPlan>(api.meinPlan, 'patient2@demo.de');
    expect(ohneAbo).toMatchObject({ hatAbo: false, set: null });
  });

  it('has done marks with pain ratings on most of the last 14 days, and the therapist sees an adherence above 0', async () => {
    const patientId = ids['patient@demo.de']!;
    const marks = await t.db.select().from(planErledigt).where(eq(planErledigt.patientUserId, patientId));
    const today = berlinDay();
    const window = addDays(today, -13);
    const days = new Set(marks.filter((mark) => mark.tag >= window && mark.tag < today).map((mark) => mark.tag));
    expect(days.size).toBe(DEMO_TRAINING.planSeitTagen - 1 - DEMO_TRAINING.ausgelassen.length);
    const rated = marks.filter((mark) => mark.schmerz !== null);
    expect(new Set(rated.map((mark) => mark.tag)).size).toBeGreaterThanOrEqual(7);
    expect(rated.every((mark) => mark.schmerz! >= 0 && mark.schmerz! <= 10)).toBe(true);

    const list = await ok<PlanSetList>(api.planSets, 'therapeut@demo.de', { params: { patientId } });
    expect(list.hatAbo).toBe(true);
    expect(list.aktuellesSetId).not.toBeNull();
    const set = await ok<PlanSet>(api.planSet, 'therapeut@demo.de', { params: { setId: list.aktuellesSetId } });
    expect(set.adherenzProzent).toBeGreaterThan(0);
    // the fixed pattern: 27 of 3 exercises × 14 days
    expect(set.adherenzProzent).toBe(Math.round((100 * marks.length) / (3 * DEMO_TRAINING.planSeitTagen)));
    expect(set.planListe.reduce((sum, eintrag) => sum + (eintrag.adherenz?.tageErledigt ?? 0), 0)).toBe(marks.length);
    expect(set.planListe[0]!.adherenz!.schmerz.some((schmerz) => schmerz.wert !== null)).toBe(true);
  });

  it("tells the plan editor when a patient has no subscription (spec: '{name} besitzt kein Abonnement')", async () => {
    // an operator with every privilege reaches any patient's plan; patient2@demo.de has none and no plan
    const list = await ok<PlanSetList>(api.planSets, 'betreiber@demo.de', {
      params: { patientId: ids['patient2@demo.de'] },
    });
    expect(list).toMatchObject({ hatAbo: false, sets: [], aktuellesSetId: null });
  });

  it('seeds once: a second run changes nothing, and the two seeds skip a patient who has their records', async () => {
    const count = async () => ({
      abos: (await t.db.select().from(abos).where(eq(abos.patientUserId, ids['patient@demo.de']!))).length,
      sets: (await t.db.select().from(planSets).where(eq(planSets.patientUserId, ids['patient@demo.de']!))).length,
      marks: (await t.db.select().from(planErledigt)).length,
    });
    const before = await count();
    expect(before).toMatchObject({ abos: 1, sets: 1 });
    expect(await seedDemoWorld(t.db)).toBe(false);
    await t.db.transaction(async (tx) => {
      await seedDemoAbo(tx);
      await seedDemoTraining(tx);
    });
    expect(await count()).toEqual(before);
  });
});
