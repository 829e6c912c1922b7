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
  setOfEintrag,
  setOrNotFound,
} from './plan.service.ts';
import { admitPatient } from './training-access.ts';
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
  /** Admits the caller to the patient of the record (403/404 otherwise); see training-access.ts. */
  const admit = (request: FastifyRequest, patientUserId: number, recordId?: number) =>
    admitPatient(request, db, patientUserId, recordId);

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
    async (request) => {
      const patient = await admit(request, sessionOf(request).userId);
      return planDesPatienten(db, patient, now());
    },
    // written by a serializer compiled from the schema (RouteExtras.schemaSerializer): the plan is a long answer
    { schemaSerializer: true },
  );
  route(app, api.erledigt, async (request) => {
    const { userId } = sessionOf(request);
    await admit(request, userId, request.body.eintragId);
    return erledigtMarkieren(db, userId, request.body, now());
  });

  // ---------- the plan editor (therapists in care, operators with UEBUNGEN_VERWALTEN)
  route(app, api.planAktuell, (request) => planAktuell(db, request.params.patientId, now()));
  route(app, api.planSets, async (request) => {
    const patient = await admit(request, request.params.patientId);
    return planSets(db, patient, now());
  });
  route(app, api.planSet, async (request) => {
    const set = await setOrNotFound(db, request.params.setId);
    await admit(request, set.patientUserId, set.id);
    return planSetMitAdherenz(db, set, now());
  });
  route(app, api.planSetNeu, async (request) => {
    await admit(request, request.params.patientId);
    return neuesSet(db, sessionOf(request), request.params.patientId, now());
  });
  route(app, api.planSetAusVorlage, async (request) => {
    await admit(request, request.body.patientId);
    return setAusVorlage(db, sessionOf(request), request.params.id, request.body.patientId, now());
  });
  route(app, api.planSetDatum, async (request) => {
    const set = await setOrNotFound(db, request.body.setId);
    await admit(request, set.patientUserId, set.id);
    return setDatumAendern(db, set.id, request.body.validFrom);
  });
  route(app, api.eintragSpeichern, async (request) => {
    const set = await setOrNotFound(db, request.body.setId);
    await admit(request, set.patientUserId, set.id);
    return eintragSpeichern(db, request.body);
  });
  route(app, api.eintragEntfernen, async (request) => {
    const set = await setOfEintrag(db, request.params.id);
    await admit(request, set.patientUserId, set.id);
    return eintragEntfernen(db, request.params.id, set.id);
  });
  route(app, api.eintragVerschieben, async (request) => {
    const set = await setOfEintrag(db, request.params.a);
    await admit(request, set.patientUserId, set.id);
    return eintragVerschieben(db, request.params.a, request.params.b, set.id);
  });
}
