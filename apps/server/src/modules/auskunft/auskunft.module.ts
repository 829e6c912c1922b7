import type { ModuleDescriptor } from '../module-descriptor.ts';
import { exportPatient } from './auskunft.repository.ts';
import { auskunftRoutes } from './auskunft.routes.ts';

/** The patient's self-service data export: every module's exportPatient, in one file (docs/datenexport.md). */
export const auskunftModule: ModuleDescriptor = {
  name: 'auskunft',
  routes: auskunftRoutes,
  // the operators' transfers of the patient's FHIR record, with their reasons (the rows cascade on erasure)
  exportPatient,
};
