import { trainingEndpoints as api } from '@dihs/contract/training';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import {
  eintragEntfernen,
  eintragSpeichern,
  eintragVerschieben,
  erledigtMarkieren,
  neuesSet,
  planAktuell,
  planDesPatienten,
  planSetMitAdherenz,
  planSets,
  setAusVorlage,
  setDatumAendern,
  setOrNotFound,
} from './plan.service.ts';
import { trainingPatient } from './training-access.ts';
import { findUebung } from './training.repository.ts';
import {
  toUebung,
  uebung,
  uebungenListe,
  uebungenNachIds,
  uebungenSortiert,
  uebungLoeschen,
  uebungSpeichern,
} from './uebung.service.ts';
import {
  eigeneVorlagen,
  vorlageLoeschen,
  vorlageNeu,
  vorlageUebungAendern,
  vorlageUebungen,
  vorlageUebungEntfernen,
  vorlageUebungHinzufuegen,
  vorlageUmbenennen,
  vorlagenAuswahl,
} from './vorlage.service.ts';
import { vorschauNachladen } from './vorschau-lookup.ts';

export async function trainingRoutes(app: AppInstance, deps: AppDeps) {
  const { db, files } = deps;
  const now = deps.now ?? (() => new Date());
  /**
   * The patient the declaration's rule admitted the caller to before the handler ran (403 there), or 404 when the id
   * is no patient; see training-access.ts.
   */
  const patient = (request: FastifyRequest) => trainingPatient(db, request.patientRecord.admittedPatient());

  // ---------- exercises
  route(app, api.uebungen, (request) => uebungenListe(db, request.query.titel, request.query.seite));
  route(app, api.uebungenSortiert, () => uebungenSortiert(db));
  route(app, api.uebungenNachIds, (request) => uebungenNachIds(db, request.params.ids));
  route(app, api.uebung, (request) => uebung(db, request.params.id));
  route(app, api.uebungVorschau, async (request, reply) => {
    const row = await findUebung(db, request.params.id);
    const image = row?.vorschauBild ? await files.get(row.vorschauBild) : null;
    if (!image) throw HttpError.notFound();
    return reply.type('image/jpeg').header('cache-control', 'public, max-age=86400').send(image);
  });
  route(app, api.uebungSpeichern, async (request) => {
    const { id, ...fields } = request.body;
    const { row, linkGeaendert } = await uebungSpeichern(db, sessionOf(request).userId, id, fields);
    // waits for the host at most a few seconds; without an answer the exercise keeps no thumbnail
    const key = linkGeaendert ? await vorschauNachladen(deps, request.log, row.id, row.videoUrl) : null;
    return toUebung(key ? { ...row, vorschauBild: key } : row);
  });
  route(app, api.uebungLoeschen, async (request) => {
    const { id, vorschauBild } = await uebungLoeschen(db, request.params.id);
    if (vorschauBild) await files.delete(vorschauBild);
    return { id };
  });

  // ---------- templates (the therapist's own; any template may start a plan)
  route(app, api.vorlagen, (request) => eigeneVorlagen(db, sessionOf(request)));
  route(app, api.vorlagenAuswahl, () => vorlagenAuswahl(db));
  route(app, api.vorlageUebungen, (request) => vorlageUebungen(db, sessionOf(request), request.params.vorlageId));
  route(app, api.vorlageNeu, (request) => vorlageNeu(db, sessionOf(request)));
  route(app, api.vorlageUmbenennen, (request) =>
    vorlageUmbenennen(db, sessionOf(request), request.params.id, request.body.befund),
  );
  route(app, api.vorlageLoeschen, (request) => vorlageLoeschen(db, sessionOf(request), request.body.id));
  route(app, api.vorlageUebungHinzufuegen, (request) => vorlageUebungHinzufuegen(db, sessionOf(request), request.body));
  route(app, api.vorlageUebungAendern, (request) => vorlageUebungAendern(db, sessionOf(request), request.body));
  route(app, api.vorlageUebungEntfernen, (request) => vorlageUebungEntfernen(db, sessionOf(request), request.body.id));

  // ---------- the patient's own plan and adherence
  route(
    app,
    api.meinPlan,
    async (request) => planDesPatienten(db, await patient(request), now()),
    // written by a serializer compiled from the schema (RouteExtras.schemaSerializer): the plan is a long answer
    { schemaSerializer: true },
  );
  route(app, api.erledigt, async (request) => {
    await patient(request);
    return erledigtMarkieren(db, sessionOf(request).userId, request.body, now());
  });

  // ---------- the plan editor (therapists in care, operators with UEBUNGEN_VERWALTEN); a plan or an entry
  // addressed by its own id is resolved to its patient by trainingRecordOwners before the handler runs
  route(app, api.planAktuell, (request) => planAktuell(db, request.params.patientId, now()));
  route(app, api.planSets, async (request) => planSets(db, await patient(request), now()));
  route(app, api.planSet, async (request) => {
    await patient(request);
    return planSetMitAdherenz(db, await setOrNotFound(db, request.params.setId), now());
  });
  route(app, api.planSetNeu, async (request) => {
    await patient(request);
    return neuesSet(db, sessionOf(request), request.params.patientId, now());
  });
  route(app, api.planSetAusVorlage, async (request) => {
    await patient(request);
    return setAusVorlage(db, sessionOf(request), request.params.id, request.body.patientId, now());
  });
  route(app, api.planSetDatum, async (request) => {
    await patient(request);
    return setDatumAendern(db, request.body.setId, request.body.validFrom);
  });
  route(app, api.eintragSpeichern, async (request) => {
    await patient(request);
    return eintragSpeichern(db, request.body);
  });
  route(app, api.eintragEntfernen, async (request) => {
    await patient(request);
    return eintragEntfernen(db, request.params.id);
  });
  route(app, api.eintragVerschieben, async (request) => {
    await patient(request);
    return eintragVerschieben(db, request.params.a, request.params.b);
  });
}
