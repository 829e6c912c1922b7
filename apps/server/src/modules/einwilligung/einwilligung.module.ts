import type { ModuleDescriptor } from '../module-descriptor.ts';
import { seedDemoConsents } from './einwilligung.demo.ts';
import { deleteConsentsOf, exportRows } from './einwilligung.repository.ts';
import { einwilligungRoutes } from './einwilligung.routes.ts';
import { requireCurrentConsent } from './einwilligung.service.ts';

/** Consent records: who consented to which version of the consent texts, and when (DSGVO Art. 7(1)). */
export const einwilligungModule: ModuleDescriptor = {
  name: 'einwilligung',
  routes: einwilligungRoutes,
  erasePatient: (tx, userId) => deleteConsentsOf(tx, userId),
  exportPatient: (db, userId) => exportRows(db, userId),
  seedDemo: (tx) => seedDemoConsents(tx),
  // declarations with requiresConsent (booking) are refused before the handler without it (plugins/consent-rule.ts)
  provides: { consent: { requireCurrent: requireCurrentConsent } },
};
