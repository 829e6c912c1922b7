import { aboModule } from './abo/abo.module.ts';
import { auskunftModule } from './auskunft/auskunft.module.ts';
import { accountsModule } from './accounts/accounts.module.ts';
import { authModule } from './auth/auth.module.ts';
import { cartModule } from './cart/cart.module.ts';
import { dashboardModule } from './dashboard/dashboard.module.ts';
import { codesModule } from './codes/codes.module.ts';
import { feedbackModule } from './feedback/feedback.module.ts';
import { einwilligungModule } from './einwilligung/einwilligung.module.ts';
import { firmaModule } from './firma/firma.module.ts';
import { guthabenModule } from './guthaben/guthaben.module.ts';
import { healthModule } from './health/health.module.ts';
import { inhaltModule } from './inhalt/inhalt.module.ts';
import { loeschungModule } from './loeschung/loeschung.module.ts';
import { mailModule } from './mail/mail.module.ts';
import type { ModuleDescriptor } from './module-descriptor.ts';
import { navigationModule } from './navigation/navigation.module.ts';
import { profilModule } from './profil/profil.module.ts';
import { protokollModule } from './protokoll/protokoll.module.ts';
import { secondFactorModule } from './second-factor/second-factor.module.ts';
import { terminModule } from './termin/termin.module.ts';
import { usersModule } from './users/users.module.ts';
import { verwaltungModule } from './verwaltung/verwaltung.module.ts';
import { videoModule } from './video/video.module.ts';
import { zahlungModule } from './zahlung/zahlung.module.ts';
import { rezeptModule } from './rezept/rezept.module.ts';
import { dateiModule } from './datei/datei.module.ts';
import { trainingModule } from './training/training.module.ts';
import { statistikModule } from './statistik/statistik.module.ts';
import { videothekModule } from './videothek/videothek.module.ts';
import { fragebogenModule } from './fragebogen/fragebogen.module.ts';
import { anamneseModule } from './anamnese/anamnese.module.ts';
import { insertPerson } from './profil/index.ts';
import { findUserById } from './users/index.ts';

/**
 * Every module, in order: app.ts registers routes, jobs and payment listeners in this order, and seed.ts (beside
 * app.ts) seeds the demo world in it (the company before its users and pages, the pages before the menu that links
 * them).
 * The descriptors are imported from their <module>.module.ts, not from index.ts: an index.ts is what other modules
 * call, and carrying the routes there would let one module's import of another reach back through the routes.
 */
export const MODULES: readonly ModuleDescriptor[] = [
  healthModule,
  authModule,
  firmaModule,
  // users sits below profil: an operator's new account gets its profile row through profil's insertPerson
  usersModule(insertPerson),
  profilModule,
  protokollModule,
  inhaltModule,
  navigationModule,
  einwilligungModule,
  feedbackModule,
  loeschungModule,
  auskunftModule,
  accountsModule,
  secondFactorModule,
  zahlungModule,
  aboModule,
  guthabenModule,
  verwaltungModule,
  terminModule,
  cartModule,
  rezeptModule,
  dateiModule,
  trainingModule,
  statistikModule,
  videothekModule,
  fragebogenModule,
  anamneseModule,
  dashboardModule,
  videoModule,
  codesModule,
  // mail sits below users in the module graph (users sends mail): its erasure and export get users' look-up here
  mailModule(findUserById),
];
