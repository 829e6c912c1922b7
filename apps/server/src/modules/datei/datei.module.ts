import type { ModuleDescriptor } from '../module-descriptor.ts';
import { dateiRoutes } from './datei.routes.ts';

/** Operator uploads: public page images, PDFs and company logos (no patient data). */
export const dateiModule: ModuleDescriptor = { name: 'datei', routes: dateiRoutes };
