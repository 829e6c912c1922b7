import type { ModuleDescriptor } from '../module-descriptor.ts';
import { seedDemoVideos } from './videothek.demo.ts';
import { videothekRoutes } from './videothek.routes.ts';

/** The video library: videos for everyone or for companies' patients; no patient data. */
export const videothekModule: ModuleDescriptor = {
  name: 'videothek',
  routes: videothekRoutes,
  seedDemo: (tx) => seedDemoVideos(tx),
};
