import { aboEndpoints } from './abo.ts';
import { auskunftEndpoints } from './auskunft.ts';
import type { EndpointDeclaration } from './common/endpoint.ts';
import { accountsEndpoints } from './accounts.ts';
import { authEndpoints } from './auth.ts';
import { feedbackEndpoints } from './feedback.ts';
import { firmaEndpoints } from './firma.ts';
import { profilEndpoints } from './profil.ts';
import { usersEndpoints } from './users.ts';
import { secondFactorEndpoints } from './second-factor.ts';
import { healthEndpoints } from './health.ts';
import { inhaltEndpoints } from './inhalt.ts';
import { loeschungEndpoints } from './loeschung.ts';
import { navigationEndpoints } from './navigation.ts';
import { guthabenEndpoints } from './guthaben.ts';
import { zahlungEndpoints } from './zahlung.ts';
import { terminEndpoints } from './termin.ts';
import { cartEndpoints } from './cart.ts';
import { dashboardEndpoints } from './dashboard.ts';
import { videoEndpoints } from './video.ts';
import { verwaltungEndpoints } from './verwaltung.ts';
import { fragebogenEndpoints } from './fragebogen.ts';
import { anamneseEndpoints } from './anamnese.ts';
import { protokollEndpoints } from './protokoll.ts';
import { einwilligungEndpoints } from './einwilligung.ts';
import { rezeptEndpoints } from './rezept.ts';
import { dateiEndpoints } from './datei.ts';
import { trainingEndpoints } from './training.ts';
import { statistikEndpoints } from './statistik.ts';
import { videothekEndpoints } from './videothek.ts';

/**
 * Every endpoint declaration of the API, by module. The server's contract test checks that each one has a handler
 * and each handler a declaration; the web imports the module files directly, never this list (it would load all).
 */
export const ALL_ENDPOINTS: Record<string, Record<string, EndpointDeclaration>> = {
  accounts: accountsEndpoints,
  auth: authEndpoints,
  feedback: feedbackEndpoints,
  firma: firmaEndpoints,
  profil: profilEndpoints,
  users: usersEndpoints,
  'second-factor': secondFactorEndpoints,
  health: healthEndpoints,
  inhalt: inhaltEndpoints,
  loeschung: loeschungEndpoints,
  auskunft: auskunftEndpoints,
  navigation: navigationEndpoints,
  abo: aboEndpoints,
  guthaben: guthabenEndpoints,
  zahlung: zahlungEndpoints,
  termin: terminEndpoints,
  cart: cartEndpoints,
  video: videoEndpoints,
  verwaltung: verwaltungEndpoints,
  fragebogen: fragebogenEndpoints,
  anamnese: anamneseEndpoints,
  protokoll: protokollEndpoints,
  einwilligung: einwilligungEndpoints,
  rezept: rezeptEndpoints,
  datei: dateiEndpoints,
  training: trainingEndpoints,
  statistik: statistikEndpoints,
  dashboard: dashboardEndpoints,
  videothek: videothekEndpoints,
};
