import { aboEndpoints as api } from '@dihs/contract/abo';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sendJsonString, sendPdf } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { allePakete, neuesPaket, paketAendern, standardPakete } from './abo-paket.service.ts';
import { aboBestaetigungPdf, aboKuendigungsBestaetigungPdf } from './abo-pdf.service.ts';
import {
  bestellen,
  bezahlaboBeenden,
  firmenaboBeenden,
  hatAbo,
  kuendigen,
  kuendigungWiderrufen,
  laufendesAbo,
  zahlungsHinweise,
  zahlungsLink,
  zuweisen,
} from './abo.service.ts';

export async function aboRoutes(app: AppInstance, { db, now: clock }: AppDeps) {
  const now = clock ?? (() => new Date());

  route(app, api.pakete, () => allePakete(db));
  route(app, api.paketAnlegen, (request) => neuesPaket(db, request.body));
  route(app, api.paketAendern, (request) => {
    const { aboPaketId, ...fields } = request.body;
    return paketAendern(db, aboPaketId, fields);
  });
  route(app, api.standardPakete, () => standardPakete(db));
  route(app, api.bestellen, async (request, reply) =>
    sendJsonString(reply, await bestellen(db, sessionOf(request).userId, request.params.id, now())),
  );
  route(app, api.eigenesAbo, (request) => laufendesAbo(db, sessionOf(request).userId, false));
  route(app, api.aboVonPatient, (request) => laufendesAbo(db, request.params.patientId, true));
  route(app, api.zahlungsLink, async (request, reply) =>
    sendJsonString(reply, await zahlungsLink(db, sessionOf(request).userId)),
  );
  route(app, api.zahlungsHinweise, (request) => zahlungsHinweise(db, sessionOf(request).userId, now()));
  route(app, api.kuendigen, async (request, reply) =>
    sendJsonString(reply, await kuendigen(db, sessionOf(request).userId, request.params.aboId, now())),
  );
  route(app, api.kuendigungWiderrufen, (request) =>
    kuendigungWiderrufen(db, sessionOf(request).userId, request.params.aboId, now()),
  );
  // the patient travels in the body: admitted by the declaration's rule before the handler runs
  route(app, api.zuweisen, (request) => zuweisen(db, sessionOf(request).userId, request.body, now()));
  route(app, api.bezahlaboBeenden, (request) => bezahlaboBeenden(db, request.body, now()));
  route(app, api.firmenaboBeenden, (request) => firmenaboBeenden(db, request.body, now()));
  route(app, api.hatAbo, (request) => hatAbo(db, sessionOf(request), request.params.userId));
  route(app, api.bestaetigungPdf, async (request, reply) =>
    sendPdf(reply, 'abobestaetigung', await aboBestaetigungPdf(db, sessionOf(request).userId, now())),
  );
  route(app, api.kuendigungsbestaetigungPdf, async (request, reply) =>
    sendPdf(
      reply,
      'abokuendigungsbestaetigung',
      await aboKuendigungsBestaetigungPdf(db, sessionOf(request).userId, now()),
    ),
  );
}
