import { videoEndpoints as api, type SitzungInfo } from '@dihs/contract/video';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { iceServersFor } from './ice-servers.ts';
import { createJanusRooms } from './janus-rooms.ts';
import { admitToConference, refusalError } from './video-access.ts';
import { createVideoService } from './video-service.ts';

export async function videoRoutes(app: AppInstance, deps: AppDeps) {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());

  // the conferences' logic; the STOMP plugin carries the messages (plugins/stomp.ts)
  const { store, bus } = app.stomp;
  // large groups through Janus when it is set up (JANUS_WS_URL); its connection opens on the first such session
  const rooms = config.janus ? createJanusRooms(config.janus) : null;
  if (rooms) app.addHook('onClose', () => rooms.close());
  const sfu = rooms
    ? { rooms, fromParticipants: config.sfuFromParticipants, withoutEncryption: config.sfuOhneVerschluesselung }
    : undefined;
  app.stomp.serve(createVideoService({ db, store, bus, now, log: app.log, sfu }));

  route(app, api.iceServers, (request) => iceServersFor(config, sessionOf(request).userId, now()));
  route(app, api.sitzung, async (request): Promise<SitzungInfo> => {
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
  });
}
