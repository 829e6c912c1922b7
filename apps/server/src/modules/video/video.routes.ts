import {
  conferenceIdParamSchema,
  iceServersResponseSchema,
  sitzungInfoSchema,
  type SitzungInfo,
} from '@dihs/contract/video';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { createPeriodicJob } from '../../lib/periodic-job.ts';
import { bearerSecurity, errorResponses } from '../../lib/route-schema.ts';
import { guard, sessionOf } from '../../plugins/auth.ts';
import { createSessionGate } from '../../plugins/session-gate.ts';
import { iceServersFor } from './ice-servers.ts';
import { attachStompServer } from './stomp-server.ts';
import { admitToConference, refusalError } from './video-access.ts';
import { createVideoBackend } from './video-backend.ts';
import { deleteOldSitzungEreignisse } from './video-retention.ts';
import { createVideoService } from './video-service.ts';

const tags = ['Videositzungen'];
const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

export async function videoRoutes(app: AppInstance, deps: AppDeps) {
  const { db, config, tokens } = deps;
  const now = deps.now ?? (() => new Date());

  const backend = await createVideoBackend(config, app.log);
  const service = createVideoService({ db, store: backend.store, bus: backend.bus, now, log: app.log });
  const stomp = attachStompServer(app.server, {
    tokens,
    // The same gate as the HTTP routes (its own cache): a locked or deleted account loses its socket too.
    gate: createSessionGate(db, config.sessionCheckSeconds),
    service,
    bus: backend.bus,
    log: app.log,
  });
  const retention = createPeriodicJob({
    intervalMs: RETENTION_INTERVAL_MS,
    run: () => deleteOldSitzungEreignisse(db, now()),
    log: app.log,
    failureMessage: 'Löschen alter Sitzungsdaten fehlgeschlagen',
  });
  app.addHook('onReady', async () => retention.start());
  app.addHook('onClose', async () => {
    await retention.stop();
    await stomp.close();
    await backend.close();
  });

  app.get(
    '/api/video/iceServers',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'STUN- und TURN-Server mit kurzlebigen TURN-Zugangsdaten',
        security: bearerSecurity,
        response: { 200: iceServersResponseSchema, ...errorResponses(401) },
      },
    },
    (request) => iceServersFor(config, sessionOf(request).userId, now()),
  );

  app.get(
    '/api/video/sitzung/:conferenceId',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Videositzung vor dem Beitritt prüfen (dieselben Prüfungen wie beim Beitreten)',
        security: bearerSecurity,
        params: conferenceIdParamSchema,
        response: { 200: sitzungInfoSchema, ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request): Promise<SitzungInfo> => {
      const admission = await admitToConference(db, sessionOf(request), request.params.conferenceId, now());
      if (!admission.ok) throw refusalError(admission.refusal);
      const { termin, vorname, nachname } = admission.termin;
      return {
        conferenceId: termin.id,
        befund: termin.befund,
        termintyp: termin.termintyp,
        datum: termin.datum.toISOString(),
        dauer: termin.dauer,
        everyoneView: termin.everyoneView,
        therapeut: { userId: termin.therapeutUserId, vorname: vorname ?? '', nachname: nachname ?? '' },
      };
    },
  );
}
