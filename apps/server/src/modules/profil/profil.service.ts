import type { SessionClaims } from '@dihs/contract/auth';
import { MESSAGES } from '@dihs/contract/common/messages';
import type { Role } from '@dihs/contract/common/roles';
import {
  BETREIBER_PROFILFELDER,
  EIGENE_PROFILFELDER,
  PROFIL_TEXTS,
  type BetreiberProfil,
  type BetreiberProfilAenderung,
  type EigenesProfil,
  type NameOnly,
  type PatientLookup,
  type PatientenView,
  type ProfilAenderung,
  type TherapeutListEntry,
  type TherapeutenView,
} from '@dihs/contract/profil';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isLocked } from '../users/index.ts';
import { listPeopleOfRole } from './person.repository.ts';
import { findAccount, listTherapists, saveProfile, type Account, type TherapistRow } from './profil.repository.ts';

type Viewer = Pick<SessionClaims, 'userId' | 'role'>;

/** The profile fields of an account, with the defaults of an empty profile. */
function profileData({ user, profile }: Account) {
  return {
    userId: user.id,
    vorname: profile?.vorname ?? '',
    nachname: profile?.nachname ?? '',
    strasse: profile?.strasse ?? '',
    hausnummer: profile?.hausnummer ?? '',
    plz: profile?.plz ?? '',
    ort: profile?.ort ?? '',
    land: profile?.land ?? '',
    geburtsdatum: profile?.geburtsdatum ?? null,
    telefon: profile?.telefon ?? '',
    ausbildung: profile?.ausbildung ?? '',
    schwerpunkte: profile?.schwerpunkte ?? '',
    beschreibung: profile?.beschreibung ?? '',
    listenanzeige: profile?.listenanzeige ?? true,
    hatProfilbild: Boolean(profile?.profilbild),
    patientId: user.role === 'PATIENT' ? user.id : null,
    therapeutId: user.role === 'THERAPEUT' ? user.id : null,
    patient: user.role === 'PATIENT',
  };
}

const therapistEntry = (row: TherapistRow): TherapeutListEntry => ({
  id: row.id,
  vorname: row.vorname,
  nachname: row.nachname,
  firmaId: row.firmaId,
  firmenName: row.firmenName,
  ausbildung: row.ausbildung,
  schwerpunkte: row.schwerpunkte,
  beschreibung: row.beschreibung,
  hatProfilbild: Boolean(row.profilbild),
});

/** Only the keys that are present: undefined means "not sent". */
function sentFields<T extends object>(body: T): (keyof T & string)[] {
  return (Object.keys(body) as (keyof T & string)[]).filter((key) => body[key] !== undefined);
}

/** Profiles in every view of spec 1 section 2.6, the lists of therapists and the patient lookups. */
export function createProfilService({ db }: { db: Database }) {
  async function account(userId: number): Promise<Account> {
    const found = await findAccount(db, userId);
    if (!found) throw HttpError.notFound(PROFIL_TEXTS.benutzerNichtGefunden);
    return found;
  }

  /** A patient that exists and is not deleted. */
  async function patientAccount(patientId: number): Promise<Account> {
    const found = await findAccount(db, patientId);
    if (!found || found.user.role !== 'PATIENT' || found.user.deletedAt) {
      throw HttpError.notFound(PROFIL_TEXTS.patientNichtGefunden);
    }
    return found;
  }

  /** A patient sees only its own records; therapists and operators see every patient. */
  function mayReadPatient(viewer: Viewer, patientId: number): void {
    if (viewer.role === 'PATIENT' && viewer.userId !== patientId) throw HttpError.forbidden();
  }

  function myView(found: Account): EigenesProfil {
    const data = profileData(found);
    return {
      ...data,
      // The operators' remarks on a patient are internal notes, not shown to the patient (docs/decisions.md).
      beschreibung: found.user.role === 'PATIENT' ? '' : data.beschreibung,
      rolle: found.user.role,
      email: found.user.email,
    };
  }

  function operatorView(found: Account, viewerId: number): BetreiberProfil {
    return {
      ...profileData(found),
      rolle: found.user.role,
      email: found.user.email,
      privileges: found.user.privileges,
      // the switch shows "Gesperrt" for a lock of either cause, as the user list does (users/account-lock.ts)
      aktiv: !isLocked(found.user),
      emailBestaetigt: found.user.emailConfirmed,
      eigenesProfil: found.user.id === viewerId,
      geloescht: Boolean(found.user.deletedAt),
    };
  }

  return {
    /** GET /profil/my. */
    async myProfile(userId: number): Promise<EigenesProfil> {
      return myView(await account(userId));
    },

    /** POST /profil/change: the fields the own role may change (EIGENE_PROFILFELDER); 403 for any other. */
    async changeOwn(viewer: Viewer, body: ProfilAenderung): Promise<EigenesProfil> {
      const allowed = EIGENE_PROFILFELDER[viewer.role];
      const fields = sentFields(body);
      if (fields.some((field) => !allowed.includes(field))) throw HttpError.forbidden(PROFIL_TEXTS.keinFeld);
      if (fields.length > 0) await saveProfile(db, viewer.userId, body);
      return myView(await account(viewer.userId));
    },

    /** GET /profil/other/{userId}/betreiber: every field of any account, deleted patients included. */
    async operatorProfile(viewerId: number, userId: number): Promise<BetreiberProfil> {
      return operatorView(await account(userId), viewerId);
    },

    /**
     * POST /profil/other/{userId}/betreiber: an operator changes another user's profile. Never the own one (spec 1,
     * section 2.7); only the fields of the target's role (BETREIBER_PROFILFELDER).
     */
    async changeByOperator(viewerId: number, userId: number, body: BetreiberProfilAenderung): Promise<BetreiberProfil> {
      if (viewerId === userId) throw HttpError.forbidden(MESSAGES.eigenesProfil);
      const target = await account(userId);
      if (target.user.deletedAt) throw HttpError.notFound(PROFIL_TEXTS.benutzerNichtGefunden);
      const allowed = BETREIBER_PROFILFELDER[target.user.role];
      const fields = sentFields(body);
      if (fields.includes('listenanzeige') && target.user.role !== 'THERAPEUT') {
        throw HttpError.badRequest(PROFIL_TEXTS.nurTherapeuten);
      }
      if (fields.some((field) => !allowed.includes(field))) throw HttpError.badRequest(PROFIL_TEXTS.keinFeld);
      if (fields.length > 0) await saveProfile(db, userId, body);
      return operatorView(await account(userId), viewerId);
    },

    /** POST /profil/other/{patientId}/bemerkung: the operators' general remarks on a patient. */
    async setRemarks(viewerId: number, patientId: number, text: string): Promise<BetreiberProfil> {
      await patientAccount(patientId);
      await saveProfile(db, patientId, { beschreibung: text });
      return operatorView(await account(patientId), viewerId);
    },

    /** GET /profil/other/{userId}/therapeut: what a patient may see of an active therapist. */
    async therapistProfile(userId: number): Promise<TherapeutenView> {
      const found = await findAccount(db, userId);
      if (!found || found.user.role !== 'THERAPEUT' || found.user.deletedAt || !found.user.active) {
        throw HttpError.notFound(PROFIL_TEXTS.therapeutNichtGefunden);
      }
      const data = profileData(found);
      return {
        userId: data.userId,
        therapeutId: data.userId,
        vorname: data.vorname,
        nachname: data.nachname,
        ausbildung: data.ausbildung,
        schwerpunkte: data.schwerpunkte,
        beschreibung: data.beschreibung,
        hatProfilbild: data.hatProfilbild,
      };
    },

    /** GET /profil/other/{userId}/patient: the reduced view for therapists, the full one for operators. */
    async patientProfile(viewer: Viewer, userId: number): Promise<PatientenView | BetreiberProfil> {
      if (viewer.role === 'PATIENT') throw HttpError.forbidden();
      const found = await patientAccount(userId);
      if (viewer.role === 'BETREIBER') return operatorView(found, viewer.userId);
      const data = profileData(found);
      return {
        userId: data.userId,
        patientId: data.userId,
        vorname: data.vorname,
        nachname: data.nachname,
        geburtsdatum: data.geburtsdatum,
        telefon: data.telefon,
        beschreibung: data.beschreibung,
      };
    },

    /** GET /profil/nameonly[/{patientId}]: the own name, or a patient's for itself, therapists and operators. */
    async nameOnly(viewer: Viewer, patientId?: number): Promise<NameOnly> {
      let found: Account;
      if (patientId === undefined) {
        found = await account(viewer.userId);
      } else {
        mayReadPatient(viewer, patientId);
        found = await patientAccount(patientId);
      }
      return { vorname: found.profile?.vorname ?? '', nachname: found.profile?.nachname ?? '' };
    },

    /** GET /patient/getByPatientId/{id} and /getByUserId/{id} (the same id: a patient's patientId is its user id). */
    async patientLookup(viewer: Viewer, patientId: number): Promise<PatientLookup> {
      mayReadPatient(viewer, patientId);
      const { user, profile } = await patientAccount(patientId);
      return {
        patientId: user.id,
        userId: user.id,
        vorname: profile?.vorname ?? '',
        nachname: profile?.nachname ?? '',
        firmaId: user.firmaId,
      };
    },

    /** GET /therapeut/patient/all: the directory (active therapists with the list display on). */
    async listedTherapists(): Promise<TherapeutListEntry[]> {
      return (await listTherapists(db, { onlyListed: true })).map(therapistEntry);
    },

    /** GET /therapeut/betreiber/all: every therapist with e-mail, state and list display. */
    /** The operators' user list of one role, with names and companies (POST /benutzerliste). */
    userList: (role: Role) => listPeopleOfRole(db, role),

    async allTherapists() {
      return (await listTherapists(db, { onlyListed: false })).map((row) => ({
        ...therapistEntry(row),
        email: row.email,
        aktiv: row.aktiv,
        listenanzeige: row.listenanzeige,
      }));
    },

    /** GET /therapeut/therapeut/my: the own entry (its firmaId). */
    async ownTherapistEntry(userId: number): Promise<TherapeutListEntry> {
      const [row] = await listTherapists(db, { onlyListed: false, userId });
      if (!row) throw HttpError.notFound(PROFIL_TEXTS.therapeutNichtGefunden);
      return therapistEntry(row);
    },
  };
}
export type ProfilService = ReturnType<typeof createProfilService>;
