import { ERROR_CODES } from '@dihs/contract/common/errors';
import {
  EINWILLIGUNG_SEITEN,
  EINWILLIGUNG_TEXTS,
  type Einwilligung,
  type EinwilligungAnlass,
  type ErteilenBody,
  type OffeneFassung,
  WIDERRUFBARE_SEITE,
} from '@dihs/contract/einwilligung';
import type { Database, Transaction } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { pageVersions, type PageVersion } from '../inhalt/index.ts';
import {
  consentStamps,
  consentsOf,
  fassungId,
  insertConsents,
  lastEntryOf,
  versionKey,
} from './einwilligung.repository.ts';

type Db = Database | Transaction;

/** The consent texts as they read now (a page that does not exist asks for nothing). */
const currentVersions = (db: Db): Promise<PageVersion[]> => pageVersions(db, EINWILLIGUNG_SEITEN);

/**
 * The versions this process built (sanitized text and fingerprint), by page and stamp of the stored text. A version
 * is a function of the stored text alone, so an entry never goes stale: a save changes the stamp and misses here.
 * Every instance keeps its own; none needs telling about a publish.
 */
const builtVersions = new Map<string, PageVersion>();
/** More entries than consent pages times the saves a process lives through; past it the memory starts over. */
const MAX_BUILT_VERSIONS = 64;

function remember(versions: PageVersion[]): void {
  if (builtVersions.size + versions.length > MAX_BUILT_VERSIONS) builtVersions.clear();
  for (const version of versions) builtVersions.set(versionKey(version.url, version.stempel), version);
}

/** A current text waiting for the patient's consent; `widerrufen`: because the patient withdrew it. */
export type OpenVersion = PageVersion & { widerrufen: boolean };

/**
 * The current consent texts the patient has not consented to since their last change or the patient's withdrawal.
 * One statement while this process has built the current versions already (the stamps match); after a save, the
 * texts are read, built and remembered once more.
 */
export async function openVersions(db: Db, userId: number): Promise<OpenVersion[]> {
  const stamps = await consentStamps(db, userId);
  let built = (url: string, stempel: string) => builtVersions.get(versionKey(url, stempel));
  if (!stamps.every((row) => built(row.url, row.stempel))) {
    const current = await currentVersions(db);
    remember(current);
    // a save between the two reads: the text just read is the newer one
    built = (url, stempel) => builtVersions.get(versionKey(url, stempel)) ?? current.find((v) => v.url === url);
  }
  return stamps.flatMap((row) => {
    const version = built(row.url, row.stempel);
    if (!version || (row.erteilt.includes(version.fassung) && !row.widerrufen)) return [];
    return [{ ...version, stand: row.stand, widerrufen: row.widerrufen }];
  });
}

export const consentRequiredError = () => new HttpError(409, EINWILLIGUNG_TEXTS.fehlt, ERROR_CODES.consentRequired);

/** Booking and joining a session wait for the patient's consent to the current texts: 409 otherwise. */
export async function requireCurrentConsent(db: Db, userId: number): Promise<void> {
  if ((await openVersions(db, userId)).length > 0) throw consentRequiredError();
}

/** Whether the patient has consented to every current consent text. */
export const hasCurrentConsent = async (db: Db, userId: number): Promise<boolean> =>
  (await openVersions(db, userId)).length === 0;

async function record(tx: Transaction, userId: number, versions: PageVersion[], anlass: EinwilligungAnlass) {
  const ids: number[] = [];
  for (const version of versions) ids.push(await fassungId(tx, version));
  await insertConsents(tx, userId, ids, anlass);
}

/** The consent of the registration checkbox: to the texts as they read now, in the registration's transaction. */
export async function recordRegistrationConsent(tx: Transaction, userId: number): Promise<void> {
  await record(tx, userId, await currentVersions(tx), 'REGISTRIERUNG');
}

/**
 * The patient consents to the versions shown; a version that is no longer current (an operator saved a change
 * meanwhile) answers 409, so nobody consents to a text they did not see. A consent to a withdrawn text is recorded
 * as given again after the withdrawal.
 */
export async function giveConsent(db: Database, userId: number, body: ErteilenBody): Promise<true> {
  await db.transaction(async (tx) => {
    const current = new Map((await currentVersions(tx)).map((version) => [version.url, version]));
    const withdrawn = new Set((await openVersions(tx, userId)).filter((v) => v.widerrufen).map((v) => v.url));
    const chosen: PageVersion[] = [];
    for (const { url, fassung } of body.fassungen) {
      const version = current.get(url);
      if (!version) throw HttpError.badRequest(EINWILLIGUNG_TEXTS.unbekannteSeite);
      if (version.fassung !== fassung)
        throw new HttpError(409, EINWILLIGUNG_TEXTS.veraltet, ERROR_CODES.consentRequired);
      if (!chosen.includes(version)) chosen.push(version);
    }
    await record(
      tx,
      userId,
      chosen.filter((version) => !withdrawn.has(version.url)),
      'ERNEUT',
    );
    await record(
      tx,
      userId,
      chosen.filter((version) => withdrawn.has(version.url)),
      'NACH_WIDERRUF',
    );
  });
  return true;
}

/**
 * The patient withdraws the video-therapy consent (DSGVO Art. 7(3)): an entry of the history that names the version
 * last consented to. From then on booking and joining answer 409 until the patient consents again; booked
 * appointments stay. 409 when no consent stands (never given, or withdrawn already).
 */
export async function withdrawConsent(db: Database, userId: number): Promise<true> {
  await db.transaction(async (tx) => {
    const last = await lastEntryOf(tx, userId, WIDERRUFBARE_SEITE);
    if (!last || last.anlass === 'WIDERRUF') {
      throw new HttpError(409, EINWILLIGUNG_TEXTS.nichtsZuWiderrufen, ERROR_CODES.consentRequired);
    }
    await insertConsents(tx, userId, [last.fassungId], 'WIDERRUF');
  });
  return true;
}

export const asOffeneFassung = (version: OpenVersion): OffeneFassung => ({
  url: version.url as OffeneFassung['url'],
  titel: version.titel,
  fassung: version.fassung,
  stand: version.stand.toISOString(),
  widerrufen: version.widerrufen,
});

/** The stored consents of a user, newest first, each marked whether it meant the text as it reads now. */
export async function listConsents(db: Db, userId: number): Promise<Einwilligung[]> {
  const [rows, current] = await Promise.all([consentsOf(db, userId), currentVersions(db)]);
  const now = new Set(current.map((version) => versionKey(version.url, version.fassung)));
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    titel: row.titel,
    fassung: row.fassung,
    stand: row.stand.toISOString(),
    erteiltAm: row.erteiltAm.toISOString(),
    anlass: row.anlass,
    aktuell: now.has(versionKey(row.url, row.fassung)),
  }));
}
