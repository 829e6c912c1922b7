import type { AppDeps, AppInstance } from '../app-types.ts';
import { aboRoutes } from './abo/index.ts';
import { accountsRoutes } from './accounts/index.ts';
import { authRoutes } from './auth/index.ts';
import { cartRoutes } from './cart/index.ts';
import { feedbackRoutes } from './feedback/index.ts';
import { firmaRoutes } from './firma/index.ts';
import { guthabenRoutes } from './guthaben/index.ts';
import { healthRoutes } from './health/index.ts';
import { inhaltRoutes } from './inhalt/index.ts';
import { loeschungRoutes } from './loeschung/index.ts';
import { navigationRoutes } from './navigation/index.ts';
import { profilRoutes } from './profil/index.ts';
import { secondFactorRoutes } from './second-factor/index.ts';
import { terminRoutes } from './termin/index.ts';
import { usersRoutes } from './users/index.ts';
import { verwaltungRoutes } from './verwaltung/index.ts';
import { videoRoutes } from './video/index.ts';
import { zahlungRoutes } from './zahlung/index.ts';

type ModuleRoutes = (app: AppInstance, deps: AppDeps) => Promise<void>;

/** Every module's routes, registered by hand in this order. */
const MODULES: ModuleRoutes[] = [
  healthRoutes,
  authRoutes,
  usersRoutes,
  firmaRoutes,
  navigationRoutes,
  inhaltRoutes,
  feedbackRoutes,
  loeschungRoutes,
  accountsRoutes,
  profilRoutes,
  secondFactorRoutes,
  zahlungRoutes,
  guthabenRoutes,
  aboRoutes,
  verwaltungRoutes,
  terminRoutes,
  cartRoutes,
  videoRoutes,
];

export async function registerModules(app: AppInstance, deps: AppDeps): Promise<void> {
  for (const routes of MODULES) await routes(app, deps);
}
