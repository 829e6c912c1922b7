import { aboModule } from './abo/abo.module.ts';
import { accountsModule } from './accounts/accounts.module.ts';
import { authModule } from './auth/auth.module.ts';
import { cartModule } from './cart/cart.module.ts';
import { codesModule } from './codes/codes.module.ts';
import { feedbackModule } from './feedback/feedback.module.ts';
import { firmaModule } from './firma/firma.module.ts';
import { guthabenModule } from './guthaben/guthaben.module.ts';
import { healthModule } from './health/health.module.ts';
import { inhaltModule } from './inhalt/inhalt.module.ts';
import { loeschungModule } from './loeschung/loeschung.module.ts';
import { mailModule } from './mail/mail.module.ts';
import type { ModuleDescriptor } from './module-descriptor.ts';
import { navigationModule } from './navigation/navigation.module.ts';
import { profilModule } from './profil/profil.module.ts';
import { secondFactorModule } from './second-factor/second-factor.module.ts';
import { terminModule } from './termin/termin.module.ts';
import { usersModule } from './users/users.module.ts';
import { verwaltungModule } from './verwaltung/verwaltung.module.ts';
import { videoModule } from './video/video.module.ts';
import { zahlungModule } from './zahlung/zahlung.module.ts';

/**
 * Every module, in order: app.ts registers routes, jobs and payment listeners in this order, and db/seed.ts seeds
 * the demo world in it (the company before its users and pages, the pages before the menu that links them).
 * The descriptors are imported from their <module>.module.ts, not from index.ts: an index.ts is what other modules
 * call, and carrying the routes there would let one module's import of another reach back through the routes.
 */
export const MODULES: readonly ModuleDescriptor[] = [
  healthModule,
  authModule,
  firmaModule,
  usersModule,
  profilModule,
  inhaltModule,
  navigationModule,
  feedbackModule,
  loeschungModule,
  accountsModule,
  secondFactorModule,
  zahlungModule,
  aboModule,
  guthabenModule,
  verwaltungModule,
  terminModule,
  cartModule,
  videoModule,
  codesModule,
  mailModule,
];
