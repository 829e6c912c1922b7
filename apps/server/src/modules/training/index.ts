// What other modules may call about training: nothing yet beyond the descriptor (care relation, erasure, export).
export { DEMO_UEBUNGEN } from './training.demo.ts';
// the exercises a patient's plan names, by id (the FHIR export's CarePlan activities)
export { findUebungen } from './training.repository.ts';
