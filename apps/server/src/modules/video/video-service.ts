import { LOOPBACK_CONFERENCE, VIDEO_MESSAGES, type ClientCommand, type ServerMessage } from '@dihs/contract/video';
import type { SfuOhneVerschluesselung } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import { terminSitzung } from '../termin/index.ts';
import {
  applyCommand,
  join,
  leave,
  newConference,
  withoutEncryption,
  type ConferenceRecord,
  type Effect,
  type Step,
} from './conference.ts';
import { relayE2eeKey } from './e2ee-relay.ts';
import type { SfuRooms } from './janus-rooms.ts';
import { applySfuChanges, sfuChanges } from './sfu-sync.ts';
import { admitToConference, namesOf, refusalMessage } from './video-access.ts';
import type { ConferenceStore, MessageBus } from '../../plugins/stomp/realtime-store.ts';
import type { StompConnection } from '../../plugins/stomp/stomp-server.ts';
import { insertSitzungEreignis } from './video.repository.ts';

/** One signaling socket as the service sees it (the STOMP transport's). */
export type Connection = StompConnection;

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const invalid: ServerMessage = { type: 'error', headline: VIDEO_MESSAGES.ungueltigeNachricht, description: '' };
/** A browser without end-to-end encryption, refused by a session through Janus (SFU_OHNE_VERSCHLUESSELUNG=ablehnen). */
const cannotEncrypt: ServerMessage = {
  type: 'error',
  headline: VIDEO_MESSAGES.verschluesselung,
  description: VIDEO_MESSAGES.verschluesselungText,
};
const notJoined: ServerMessage = {
  type: 'error',
  headline: VIDEO_MESSAGES.unbekannt,
  description: VIDEO_MESSAGES.nichtBeigetreten,
};

/** Runs the commands of joined members: admission, the conference state machine, database effects, routing. */
export function createVideoService(deps: {
  db: Database;
  store: ConferenceStore;
  bus: MessageBus;
  now: () => Date;
  log: Log;
  /**
   * Janus for large groups (unset: every session peer-to-peer); see sfu-sync.ts. withoutEncryption: what a member
   * whose browser cannot encrypt end to end meets there (SFU_OHNE_VERSCHLUESSELUNG, conference.ts withoutEncryption).
   */
  sfu?: { rooms: SfuRooms; fromParticipants: number; withoutEncryption: SfuOhneVerschluesselung };
}) {
  const { db, store, bus, now, log, sfu } = deps;

  async function runEffects(conferenceId: number, effects: Effect[]): Promise<void> {
    if (effects.length === 0) return;
    const at = now();
    await db.transaction(async (tx) => {
      const ereignis = (userId: number, e: 'BEIGETRETEN' | 'VERLASSEN' | 'HERAUSGEWORFEN' | 'BEENDET') =>
        insertSitzungEreignis(tx, { terminId: conferenceId, userId, ereignis: e, at });
      for (const effect of effects) {
        switch (effect.kind) {
          case 'ereignis':
            await ereignis(effect.userId, effect.ereignis);
            break;
          case 'beigetreten':
            await terminSitzung.markSeatBeigetreten(tx, conferenceId, effect.userId);
            break;
          case 'teilgenommen':
            await terminSitzung.markSeatsTeilgenommen(tx, conferenceId, effect.userIds);
            break;
          case 'herausgeworfen':
            if (await terminSitzung.markSeatHerausgeworfen(tx, conferenceId, effect.userId)) {
              await ereignis(effect.userId, 'HERAUSGEWORFEN');
            }
            break;
          case 'gesperrt':
            await terminSitzung.setSitzungGesperrt(tx, conferenceId, effect.value);
            break;
          case 'beendet':
            await terminSitzung.setSitzungBeendet(tx, conferenceId, at);
            break;
        }
      }
    });
  }

  /** Database first (a kicked patient's seat is marked before the patient hears of it), then the messages. */
  async function finish(conferenceId: number, step: Step & { before?: ConferenceRecord | null }): Promise<void> {
    try {
      await runEffects(conferenceId, step.effects);
    } catch (error) {
      log.error({ error: loggableError(error), conferenceId }, 'Sitzungsdaten konnten nicht gespeichert werden');
    }
    // Janus follows the step before anyone hears of it: a kicked member's feed is gone when the others are told
    if (sfu && step.before !== undefined) {
      await applySfuChanges(sfu.rooms, conferenceId, sfuChanges(step.before, step.next)).catch((error: unknown) =>
        log.error({ error: loggableError(error), conferenceId }, 'Janus-Raum konnte nicht angepasst werden'),
      );
    }
    for (const { to, message } of step.out) await bus.publish(to, message);
  }

  async function joinConference(connection: Connection, conferenceId: number, canEncrypt: boolean): Promise<void> {
    const { session } = connection;
    const admission = await admitToConference(db, session, conferenceId, now());
    if (!admission.ok) {
      connection.send(refusalMessage(admission.refusal));
      return;
    }
    const { termin } = admission;
    const names =
      admission.role === 'THERAPEUT'
        ? { vorname: termin.vorname ?? '', nachname: termin.nachname ?? '' }
        : await namesOf(db, session.userId);
    const joiner = { userId: session.userId, role: admission.role, ...names, connectionId: connection.id };
    let step: (Step & { before: ConferenceRecord | null }) | null;
    try {
      step = await store.update(conferenceId, (current: ConferenceRecord | null) => {
        const fresh =
          current ??
          newConference({
            conferenceId,
            therapeutUserId: termin.termin.therapeutUserId,
            termintyp: termin.termin.termintyp,
            everyoneView: termin.termin.everyoneView,
            locked: termin.termin.sitzungGesperrt,
            mode: sfu && termin.termin.maxTeilnehmer + 1 > sfu.fromParticipants ? 'sfu' : 'p2p',
          });
        const record = withoutEncryption(fresh, canEncrypt, sfu?.withoutEncryption ?? 'ablehnen');
        // refused: the conference stays as it was (a fresh one is not stored)
        if (record === 'refused') return { next: current, result: null };
        const result = join(record, joiner);
        return { next: result.next, result: { ...result, before: current } };
      });
    } catch (error) {
      log.error({ error: loggableError(error), conferenceId }, 'Sitzung konnte nicht eingerichtet werden');
      connection.send({ type: 'ahoyConnectFailed' });
      return;
    }
    if (!step) {
      connection.send(cannotEncrypt);
      return;
    }
    connection.joined.add(conferenceId);
    await finish(conferenceId, step);
    if (sfu && step.next?.mode === 'sfu') await admitToRoom(sfu.rooms, conferenceId, session.userId, termin.termin);
  }

  /** The member's join token for the session's Janus room, after joinedSession; lock and kick were checked. */
  async function admitToRoom(
    rooms: SfuRooms,
    conferenceId: number,
    userId: number,
    termin: { maxTeilnehmer: number },
  ): Promise<void> {
    try {
      const info = await rooms.admit(conferenceId, userId, termin.maxTeilnehmer + 1);
      await bus.publish(userId, { type: 'sfuJoin', ...info });
    } catch (error) {
      log.error({ error: loggableError(error), conferenceId }, 'Janus-Raum nicht erreichbar');
      await bus.publish(userId, {
        type: 'error',
        headline: VIDEO_MESSAGES.uebertragung,
        description: VIDEO_MESSAGES.uebertragungText,
      });
    }
  }

  async function loopback(connection: Connection, command: ClientCommand): Promise<void> {
    const self = connection.session.userId;
    if (command.command === 'joinConference') {
      connection.joined.add(LOOPBACK_CONFERENCE);
      const names = await namesOf(db, self);
      connection.send({
        type: 'joinedSession',
        selfId: self,
        state: {
          conferenceId: LOOPBACK_CONFERENCE,
          termintyp: null,
          mode: 'p2p',
          e2eeFallback: false,
          everyoneView: false,
          locked: false,
          highlighted: null,
          therapeutPresent: false,
          members: [
            {
              userId: self,
              role: connection.session.role === 'THERAPEUT' ? 'THERAPEUT' : 'PATIENT',
              ...names,
              audioMuted: false,
              videoMuted: false,
              mutedByTherapist: false,
              publishing: false,
              joinSeq: 1,
            },
          ],
          meldungen: [],
        },
      });
      return;
    }
    if (!connection.joined.has(LOOPBACK_CONFERENCE)) {
      connection.send(notJoined);
      return;
    }
    // The browser talks to itself: every negotiation message comes back with its own id as the peer.
    switch (command.command) {
      case 'publishStream':
      case 'subscribeStream':
        connection.send({ type: 'publishSdpRequest', peerId: self });
        return;
      case 'publishSdpResponse':
        connection.send({ type: 'subscribeSdpRequest', peerId: self, description: command.description });
        return;
      case 'subscribeSdpResponse':
        connection.send({ type: 'subscribeSdpResponse', peerId: self, description: command.description });
        return;
      case 'iceCandidate':
        connection.send({ type: 'iceCandidate', peerId: self, role: command.role, candidate: command.candidate });
        return;
      case 'testResult':
        // Whether the test succeeded is operational information; nothing about the person is logged.
        log.info({ verbindungstest: command.result }, 'Verbindungstest abgeschlossen');
        return;
      case 'disconnect':
        connection.joined.delete(LOOPBACK_CONFERENCE);
        return;
      case 'mute':
        return;
      default:
        connection.send(invalid);
    }
  }

  return {
    /** A verified, schema-checked command of the connection's user. */
    async handle(connection: Connection, command: ClientCommand): Promise<void> {
      if (command.command === 'ping') {
        connection.send({ type: 'pingOK' });
        return;
      }
      if (command.conferenceId === LOOPBACK_CONFERENCE) {
        await loopback(connection, command);
        return;
      }
      const conferenceId = command.conferenceId;
      if (command.command === 'joinConference') {
        await joinConference(connection, conferenceId, command.e2ee ?? true);
        return;
      }
      const userId = connection.session.userId;
      type Result = Step & { before?: ConferenceRecord };
      const step = await store.update(conferenceId, (current): { next: ConferenceRecord | null; result: Result } => {
        if (!current) {
          const refusal: Step = { next: null, out: [{ to: userId, message: notJoined }], effects: [] };
          return { next: null, result: refusal };
        }
        const result =
          command.command === 'e2eeKey'
            ? relayE2eeKey(current, userId, command)
            : applyCommand(current, userId, command, now());
        return { next: result.next, result: { ...result, before: current } };
      });
      if (command.command === 'disconnect') connection.joined.delete(conferenceId);
      await finish(conferenceId, step);
    },

    /** The socket closed: its member entries leave (unless a reconnect already replaced them). */
    async closed(connection: Connection): Promise<void> {
      for (const conferenceId of connection.joined) {
        if (conferenceId === LOOPBACK_CONFERENCE) continue;
        try {
          const step = await store.update(conferenceId, (current: ConferenceRecord | null) => {
            if (!current) return { next: null, result: null };
            const result = leave(current, connection.session.userId, connection.id);
            return { next: result.next, result: { ...result, before: current } };
          });
          if (step) await finish(conferenceId, step);
        } catch (error) {
          log.error({ error: loggableError(error), conferenceId }, 'Verlassen der Sitzung fehlgeschlagen');
        }
      }
      connection.joined.clear();
    },
  };
}
export type VideoService = ReturnType<typeof createVideoService>;
