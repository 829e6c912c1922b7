// The module descriptor's types live in app-types.ts beside AppDeps, which carries the composed list; this file is
// where a module's <module>.module.ts takes them from.
import type { DemoWorld } from '../app-types.ts';

export type {
  DashboardPatient,
  DemoWorld,
  ModuleContext,
  ModuleDescriptor,
  PatientDataServices,
  ScheduledJob,
} from '../app-types.ts';

/** A record an earlier demo seed must have left; a missing one means the module list is out of order. */
export function demoRecord<T>(value: T | undefined, name: keyof DemoWorld): T {
  if (value === undefined) throw new Error(`Demo-Daten: ${name} fehlt (Reihenfolge in modules/index.ts)`);
  return value;
}
