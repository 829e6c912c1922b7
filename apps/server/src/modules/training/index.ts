// What other modules may call about training: nothing yet beyond the descriptor (care relation, erasure, export).
export { DEMO_UEBUNGEN } from './training.demo.ts';
