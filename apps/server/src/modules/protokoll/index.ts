// What the app calls: the need-to-know check (plugins/patient-access.ts, wired in app.ts) appends its entries here.
export { insertEntries as appendAuditEntries } from './protokoll.repository.ts';
export { type NewZugriffsprotokollRow as AuditEntry } from './protokoll.table.ts';
export { pruneAuditLog } from './protokoll-retention.ts';
export { verifyChain, type ChainResult } from './protokoll-kette.ts';
