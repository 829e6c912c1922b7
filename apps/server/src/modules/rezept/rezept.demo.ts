import type { Database } from '../../db/client.ts';
import { renderPdf } from '../../lib/pdf.ts';
import type { MasterKeyRing } from '../../lib/envelope.ts';
import type { ObjectStore } from '../../lib/object-store/object-store.ts';
import type { ScheduledJob } from '../module-descriptor.ts';
import { findUserByEmail } from '../users/index.ts';
import { listOfPatient } from './rezept.repository.ts';
import { createRezeptService } from './rezept.service.ts';

const DEMO_PATIENT = 'patient@demo.de';

/**
 * Two demo prescriptions of the demo patient (one new, one in processing), once. Not in seedDemo: the contents are
 * encrypted with the master key, which only the configured app has; so this runs once when the app is ready.
 */
export async function seedDemoRezepte(db: Database, ring: MasterKeyRing, objects: ObjectStore): Promise<void> {
  const patient = await findUserByEmail(db, DEMO_PATIENT);
  if (!patient || (await listOfPatient(db, patient.id)).length > 0) return;
  const rezepte = createRezeptService({ db, ring, objects, now: () => new Date() });
  const verordnung = (titel: string, zeilen: string[]) =>
    renderPdf(titel, (doc) => {
      doc.fontSize(16).text(titel);
      doc.moveDown();
      for (const zeile of zeilen) doc.fontSize(11).text(zeile);
    });
  await rezepte.upload(patient.id, {
    data: await verordnung('Heilmittelverordnung', [
      'Patientin: Paula Patientin',
      'Heilmittel: Krankengymnastik, 6 Einheiten',
      'Diagnose: Lumbalgie',
      'Dr. med. Erika Beispiel, Köln',
    ]),
    filename: 'Verordnung Krankengymnastik.pdf',
    anmerkung: 'Bitte als Einzeltermine per Video, gern vormittags.',
  });
  const zweites = await rezepte.upload(patient.id, {
    data: await verordnung('Heilmittelverordnung', [
      'Patientin: Paula Patientin',
      'Heilmittel: Manuelle Therapie, 4 Einheiten',
      'Dr. med. Erika Beispiel, Köln',
    ]),
    filename: 'Verordnung Manuelle Therapie.pdf',
    anmerkung: 'Folgeverordnung',
  });
  await rezepte.setStatus(0, zweites.id, 'INBEARBEITUNG');
}

/** The demo seed as a one-shot job started when the app is ready (only where the demo world is seeded). */
export function demoRezepteJob(
  db: Database,
  ring: MasterKeyRing,
  objects: ObjectStore,
  log: { warn(obj: object, msg: string): void },
) {
  let running: Promise<void> = Promise.resolve();
  const job: ScheduledJob = {
    start() {
      running = seedDemoRezepte(db, ring, objects).catch((error: unknown) =>
        log.warn({ error: error instanceof Error ? error.name : 'unbekannt' }, 'Demo-Rezepte nicht angelegt'),
      );
    },
    stop: () => running,
  };
  return job;
}
