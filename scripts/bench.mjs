// npm run bench: runs the benchmark parts one after the other and prints each part's figures as it ends, every
// figure beside a bare reference measured in the same run where one exists. Figures only, no assertions.
//   node scripts/bench.mjs --only=request,termin   only these parts (names: see PARTS)
//   BENCH_SECONDS=2 npm run bench                   shorter measurements while iterating (default 8 s)
// A part is a module in scripts/ whose run function answers its printed lines; adding one is one line in PARTS.
import { runAktenBench } from './bench-akten.mjs';
import { runEmbeddedBench } from './bench-embedded.mjs';
import { runFhirBench } from './bench-fhir.mjs';
import { runInpBench } from './bench-inp.mjs';
import { runLighthouseBench } from './bench-lighthouse.mjs';
import { runMixedBench } from './bench-mixed.mjs';
import { runRequestBench } from './bench-request.mjs';
import { runRezeptBench } from './bench-rezept.mjs';
import { runScaleBench } from './bench-scale.mjs';
import { runSfuBench } from './bench-sfu.mjs';
import { runShutdownBench } from './bench-shutdown.mjs';
import { runStartBench } from './bench-start.mjs';
import { runTerminBench } from './bench-termin.mjs';
import { runTrainingBench } from './bench-training.mjs';
import { runVideoMediaBench } from './bench-video-media.mjs';
import { runVideoBench } from './bench-video.mjs';
import { ensureBuild, ensureChromium, ensureDependencies } from './lib.mjs';

/** The parts in the order they run. */
const PARTS = {
  // ping and an authenticated request beside bare Fastify (bench-request.mjs)
  request: runRequestBench,
  // memory after the first start and a restart on PGlite, time of `npm start` (bench-start.mjs)
  start: runStartBench,
  // the patient plan on PGlite at 10 users beside its goal, the memory after that load (bench-embedded.mjs)
  embedded: runEmbeddedBench,
  // 10 users with staff writes on health records, on PGlite beside PostgreSQL: p99, errors (bench-mixed.mjs)
  mixed: runMixedBench,
  // SIGTERM to exit under load (bench-shutdown.mjs)
  shutdown: runShutdownBench,
  // patient plan by database size, bookings/s (bench-termin.mjs)
  termin: runTerminBench,
  // the prescription lists and the training plan by database size, beside their bare reference (bench-akten.mjs)
  akten: runAktenBench,
  // the training plan read, the statistics CSV of a year (bench-training.mjs)
  training: runTrainingBench,
  // STOMP round trip against a raw WebSocket echo, memory per participant (bench-video.mjs)
  video: runVideoBench,
  // join click to the first remote video frame against a bare RTCPeerConnection loopback (bench-video-media.mjs)
  'video-media': runVideoMediaBench,
  // a group of 8 in mesh and through Janus: upload, browser CPU, join → first frame, Janus CPU per stream (bench-sfu.mjs)
  sfu: runSfuBench,
  // prescription uploads against bare Fastify + multipart (bench-rezept.mjs)
  rezept: runRezeptBench,
  // a patient's FHIR export beside the JSON export: time, size, peak memory (bench-fhir.mjs)
  fhir: runFhirBench,
  // the patient plan on one instance, direct and behind nginx, and on two behind nginx (bench-scale.mjs)
  scale: runScaleBench,
  // Lighthouse on / and every patient route, mobile and desktop (bench-lighthouse.mjs)
  lighthouse: runLighthouseBench,
  // Interaction to Next Paint of the patient's interactions, CPU 4× slowed, beside a plain HTML checkbox (bench-inp.mjs)
  inp: runInpBench,
};

/** The part names of `--only=a,b`, all of them without it; an unknown name stops the run before anything starts. */
function selectedParts(args) {
  const only = args.find((arg) => arg.startsWith('--only='));
  if (!only) return Object.keys(PARTS);
  const names = only.slice('--only='.length).split(',').filter(Boolean);
  const unknown = names.filter((name) => !(name in PARTS));
  if (unknown.length) {
    throw new Error(`Unbekannte Teile: ${unknown.join(', ')}. Vorhanden: ${Object.keys(PARTS).join(', ')}`);
  }
  return names;
}

const names = selectedParts(process.argv.slice(2));
ensureDependencies();
ensureChromium();
ensureBuild();
for (const name of names) console.log(`\n${(await PARTS[name]()).join('\n')}`);
