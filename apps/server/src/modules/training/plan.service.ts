import type { SessionClaims } from '@dihs/contract/auth';
import { hasPrivilege } from '@dihs/contract/common/roles';
import { addDays, berlinDay } from '@dihs/contract/common/time';
import {
  TRAINING_LIMITS,
  TRAINING_TEXTS,
  type MeinPlan,
  type PlanEintrag,
  type PlanEintragSaveBody,
  type PlanSet,
  type PlanSetList,
  type PlanSetSummary,
} from '@dihs/contract/training';
import type { Database, Transaction } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { findPersonInfo, fullName, type PersonInfo } from '../profil/index.ts';
import { findUserById } from '../users/index.ts';
import {
  copyVorlageIntoSet,
  countEintraege,
  deleteEintrag,
  eintraegeOf,
  erledigtSeit,
  findEintrag,
  findEintragView,
  findSet,
  findUebung,
  findVorlage,
  insertEintrag,
  insertSet,
  lockSet,
  markErledigt,
  orderedEintragIds,
  planAmTag,
  renumber,
  setValidFrom,
  setsOf,
  unmarkErledigt,
  updateEintrag,
  type EintragView,
} from './training.repository.ts';
import type { PlanSetRow } from './training.table.ts';
import { vorschauBildUrl } from './vorschau-bild.ts';

type Db = Database | Transaction;

const summary = (set: { id: number; validFrom: Date }): PlanSetSummary => ({
  id: set.id,
  validFrom: set.validFrom.toISOString(),
});

// one object per entry, written field by field: the plan page maps 30 of them on every visit
const toEintrag = (view: EintragView, patientId: number): PlanEintrag => ({
  id: view.id,
  setId: view.setId,
  uebungId: view.uebungId,
  position: view.position,
  dauer: view.dauer,
  anzahl: view.anzahl,
  pause: view.pause,
  wiederholungen: view.wiederholungen,
  information: view.information,
  titel: view.titel,
  videoUrl: view.videoUrl,
  videoVorschauBildUrl: vorschauBildUrl(view.uebungId, view.vorschauBild),
  patientId,
});

/** The name a plan shows for its patient: first and last name, else the e-mail. */
const nameOf = (person: PersonInfo | undefined): string => (person ? fullName(person) || person.email : '');

/** A set by id, or 404. Its patient was admitted before the handler ran (training-access.ts, recordOwners). */
export async function setOrNotFound(db: Db, setId: number): Promise<PlanSetRow> {
  const set = await findSet(db, setId);
  if (!set) throw HttpError.notFound(TRAINING_TEXTS.setNichtGefunden);
  return set;
}

/**
 * An entry and its set, the set locked (every change of a set's entries runs one after the other), or 404. An entry
 * never changes its set; one removed while the lock was awaited is missing from `ordered`.
 */
async function lockSetOfEintrag(tx: Transaction, eintragId: number) {
  const eintrag = await findEintrag(tx, eintragId);
  if (!eintrag) throw HttpError.notFound(TRAINING_TEXTS.eintragNichtGefunden);
  const set = await lockSet(tx, eintrag.setId);
  if (!set) throw HttpError.notFound(TRAINING_TEXTS.setNichtGefunden);
  const ordered = await orderedEintragIds(tx, set.id);
  if (!ordered.some((row) => row.id === eintragId)) throw HttpError.notFound(TRAINING_TEXTS.eintragNichtGefunden);
  return { set, ordered };
}

/**
 * The days of the adherence window: from the later of the set's first day and 13 days ago, to today (Berlin).
 * Empty while the set is not yet valid.
 */
export function adherenzTage(validFrom: Date, now: Date): string[] {
  const today = berlinDay(now);
  const first = berlinDay(validFrom);
  const windowStart = addDays(today, 1 - TRAINING_LIMITS.adherenzTage);
  const start = first > windowStart ? first : windowStart;
  const days: string[] = [];
  for (let day = start; day <= today; day = addDays(day, 1)) days.push(day);
  return days;
}

/** GET /trainingsplan/therapeut/set/{setId}: the entries with done days and pain of the last 14 days. */
export async function planSetMitAdherenz(db: Db, set: PlanSetRow, now: Date): Promise<PlanSet> {
  const views = await eintraegeOf(db, set.id);
  const tage = adherenzTage(set.validFrom, now);
  const marks = tage.length
    ? await erledigtSeit(
        db,
        views.map((view) => view.id),
        tage[0]!,
      )
    : [];
  let erledigtGesamt = 0;
  const planListe = views.map((view) => {
    const own = marks.filter((mark) => mark.eintragId === view.id && mark.tag <= tage.at(-1)!);
    erledigtGesamt += own.length;
    return {
      ...toEintrag(view, set.patientUserId),
      adherenz: { tageErledigt: own.length, schmerz: own.map((mark) => ({ tag: mark.tag, wert: mark.schmerz })) },
    };
  });
  const faellig = tage.length * views.length;
  return {
    ...summary(set),
    patientId: set.patientUserId,
    planListe,
    adherenzProzent: faellig ? Math.round((100 * erledigtGesamt) / faellig) : null,
  };
}

/**
 * GET /trainingsplan/therapeut/list/{patientId}: the sets, newest valid-from first, which one is current, and whether
 * the patient's subscription runs (the editor says so when it does not: the patient would not see the plan).
 * `patient` is the account the caller was admitted to (training-access.ts).
 */
export async function planSets(db: Db, patient: PersonInfo, now: Date): Promise<PlanSetList> {
  const sets = await setsOf(db, patient.id);
  const current = sets.find((set) => set.validFrom.getTime() <= now.getTime());
  return {
    patientName: nameOf(patient),
    sets: sets.map(summary),
    aktuellesSetId: current?.id ?? null,
    hatAbo: hasPrivilege(patient.privileges, 'HAT_ABO'),
  };
}

/** GET /trainingsplan/therapeut/{patientId}: the set in force now (the newest whose valid-from has passed), or null. */
export async function planAktuell(db: Db, patientUserId: number, now: Date): Promise<PlanSet | null> {
  const current = (await setsOf(db, patientUserId)).find((set) => set.validFrom.getTime() <= now.getTime());
  return current ? planSetMitAdherenz(db, await setOrNotFound(db, current.id), now) : null;
}

const creator = (session: SessionClaims) => (session.role === 'THERAPEUT' ? session.userId : null);

/** A new empty set, valid from now. */
export async function neuesSet(db: Db, session: SessionClaims, patientUserId: number, now: Date) {
  return summary(await insertSet(db, { patientUserId, therapeutUserId: creator(session), validFrom: now }));
}

/** A new set from a template (any therapist's; docs/decisions.md), valid from now. */
export function setAusVorlage(
  db: Database,
  session: SessionClaims,
  vorlageId: number,
  patientUserId: number,
  now: Date,
): Promise<PlanSetSummary> {
  return db.transaction(async (tx) => {
    if (!(await findVorlage(tx, vorlageId))) throw HttpError.notFound(TRAINING_TEXTS.vorlageNichtGefunden);
    const set = await insertSet(tx, { patientUserId, therapeutUserId: creator(session), validFrom: now });
    await copyVorlageIntoSet(tx, vorlageId, set.id);
    return summary(set);
  });
}

export async function setDatumAendern(db: Db, setId: number, validFrom: string): Promise<PlanSetSummary> {
  const set = await setValidFrom(db, setId, new Date(validFrom));
  if (!set) throw HttpError.notFound(TRAINING_TEXTS.setNichtGefunden);
  return summary(set);
}

async function eintragView(db: Db, id: number, patientId: number): Promise<PlanEintrag> {
  const view = await findEintragView(db, id);
  if (!view) throw HttpError.notFound(TRAINING_TEXTS.eintragNichtGefunden);
  return toEintrag(view, patientId);
}

/**
 * POST /trainingsplan/therapeut/save: id 0 adds the exercise last; otherwise the entry of that set changes (last
 * save wins). The set row is locked, so parallel additions get distinct, contiguous positions.
 */
export function eintragSpeichern(db: Database, body: PlanEintragSaveBody): Promise<PlanEintrag> {
  const { id, setId, uebungId, dauer, anzahl, pause, wiederholungen, information } = body;
  const zahlen = { dauer, anzahl, pause, wiederholungen, information };
  return db.transaction(async (tx) => {
    const set = await lockSet(tx, setId);
    if (!set) throw HttpError.notFound(TRAINING_TEXTS.setNichtGefunden);
    if (!(await findUebung(tx, uebungId))) throw HttpError.notFound(TRAINING_TEXTS.uebungNichtGefunden);
    if (id === 0) {
      const n = await countEintraege(tx, setId);
      if (n >= TRAINING_LIMITS.eintraege) throw HttpError.badRequest(TRAINING_TEXTS.zuVieleEintraege);
      return eintragView(
        tx,
        await insertEintrag(tx, { setId, uebungId, position: n + 1, ...zahlen }),
        set.patientUserId,
      );
    }
    const eintrag = await findEintrag(tx, id);
    // an entry of another set (another patient's) is not this set's: refused without telling whose it is
    if (!eintrag || eintrag.setId !== setId) throw HttpError.notFound(TRAINING_TEXTS.eintragNichtGefunden);
    await updateEintrag(tx, id, { uebungId, ...zahlen });
    return eintragView(tx, id, set.patientUserId);
  });
}

/** DELETE /trainingsplan/therapeut/{id}: the following entries move up. */
export function eintragEntfernen(db: Database, id: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const { ordered } = await lockSetOfEintrag(tx, id);
    await deleteEintrag(tx, id);
    await renumber(
      tx,
      'trainingsplan_eintrag',
      ordered.filter((row) => row.id !== id),
    );
    return { id };
  });
}

/**
 * POST /trainingsplan/therapeut/position/{a}/{b}: entry a to position b (1..n); every moved entry gets its new
 * position, the set stays 1..n.
 */
export function eintragVerschieben(db: Database, id: number, position: number): Promise<PlanEintrag[]> {
  return db.transaction(async (tx) => {
    const { set, ordered } = await lockSetOfEintrag(tx, id);
    const from = ordered.findIndex((row) => row.id === id);
    if (position > ordered.length) throw HttpError.badRequest(TRAINING_TEXTS.positionUngueltig(ordered.length));
    const [moved] = ordered.splice(from, 1);
    ordered.splice(position - 1, 0, moved!);
    await renumber(tx, 'trainingsplan_eintrag', ordered);
    return (await eintraegeOf(tx, set.id)).map((view) => toEintrag(view, set.patientUserId));
  });
}

/** Whether the patient's subscription runs (the subscription module keeps HAT_ABO on the account). */
async function hatAbo(db: Db, patientUserId: number): Promise<boolean> {
  const user = await findUserById(db, patientUserId);
  return !!user && hasPrivilege(user.privileges, 'HAT_ABO');
}

/** The patient's own plan (GET /trainingsplan/my, the cockpit's tile), read by account id. */
export async function meinPlan(db: Db, patientUserId: number, now: Date): Promise<MeinPlan> {
  return planDesPatienten(db, await findPersonInfo(db, patientUserId), now);
}

/**
 * The set valid now with today's done marks; nothing without a subscription. `person` is the patient's account
 * (the route has it from admitting the caller; undefined reads as no subscription).
 */
export async function planDesPatienten(db: Db, person: PersonInfo | undefined, now: Date): Promise<MeinPlan> {
  const name = nameOf(person);
  if (!person || !hasPrivilege(person.privileges, 'HAT_ABO')) {
    return { patientName: name, hatAbo: false, set: null };
  }
  const patientUserId = person.id;
  const plan = await planAmTag(db, patientUserId, now, berlinDay(now));
  if (!plan) return { patientName: name, hatAbo: true, set: null };
  return {
    patientName: name,
    hatAbo: true,
    set: {
      ...summary(plan.set),
      patientId: patientUserId,
      planListe: plan.eintraege.map(({ eintrag, mark }) => {
        const mitHeute = toEintrag(eintrag, patientUserId);
        mitHeute.heute = { erledigt: mark !== null, schmerz: mark?.schmerz ?? null };
        return mitHeute;
      }),
    },
  };
}

/**
 * POST /trainingsplan/erledigt: marks (or unmarks) an exercise of the set in force as done today, with pain. Answers
 * 200 only with what is stored; an exercise that is no longer in the set in force (the page showed an earlier plan,
 * or the therapist removed it meanwhile) is 409 and changes nothing.
 */
export async function erledigtMarkieren(
  db: Db,
  patientUserId: number,
  body: { eintragId: number; erledigt: boolean; schmerz: number | null },
  now: Date,
): Promise<PlanEintrag> {
  const eintrag = await findEintrag(db, body.eintragId);
  const set = eintrag ? await findSet(db, eintrag.setId) : undefined;
  // another patient's entry is answered like an unknown one
  if (!eintrag || !set || set.patientUserId !== patientUserId) {
    throw HttpError.notFound(TRAINING_TEXTS.eintragNichtGefunden);
  }
  if (!(await hatAbo(db, patientUserId))) throw HttpError.forbidden(TRAINING_TEXTS.aboNoetig);
  const ziel = { eintragId: eintrag.id, patientUserId, tag: berlinDay(now), now };
  let heute: NonNullable<PlanEintrag['heute']>;
  if (body.erledigt) {
    const stored = await markErledigt(db, { ...ziel, schmerz: body.schmerz });
    if (!stored) throw new HttpError(409, TRAINING_TEXTS.nichtAktuell);
    heute = { erledigt: true, schmerz: stored.schmerz };
  } else {
    if (!(await unmarkErledigt(db, ziel))) throw new HttpError(409, TRAINING_TEXTS.nichtAktuell);
    heute = { erledigt: false, schmerz: null };
  }
  return { ...(await eintragView(db, eintrag.id, patientUserId)), heute };
}
