import type { ComponentType } from 'react';
import type { RouteKey } from '@dihs/contract/common/routes';
import { lazyPage, type PreloadablePage } from './lazy-page.ts';
import { ErrorPage } from './routes/error-page.tsx';
// the landing page comes with the entry: a visitor's first paint needs no second round trip for it
import { StartPage } from './routes/start-page.tsx';

const CockpitPage = lazyPage(() => import('../features/dashboard/pages/cockpit-page.tsx'), 'CockpitPage');
export const ContentPage = lazyPage(() => import('./routes/content-page.tsx'), 'ContentPage');
const ProfilPage = lazyPage(() => import('./routes/profil-page.tsx'), 'ProfilPage');
const TherapeutenPage = lazyPage(() => import('../features/profil/pages/therapeuten-page.tsx'), 'TherapeutenPage');
const RegistrationPage = lazyPage(() => import('../features/accounts/pages/registration-page.tsx'), 'RegistrationPage');
const EmailConfirmationPage = lazyPage(
  () => import('../features/accounts/pages/email-confirmation-page.tsx'),
  'EmailConfirmationPage',
);
const EmailResetPage = lazyPage(() => import('../features/accounts/pages/email-reset-page.tsx'), 'EmailResetPage');
const PasswordResetPage = lazyPage(
  () => import('../features/accounts/pages/password-reset-page.tsx'),
  'PasswordResetPage',
);
const BenutzerListePage = lazyPage(
  () => import('../features/users/pages/benutzer-liste-page.tsx'),
  'BenutzerListePage',
);
const NavigationEditorPage = lazyPage(
  () => import('../features/navigation/pages/navigation-editor-page.tsx'),
  'NavigationEditorPage',
);
const AboShopPage = lazyPage(() => import('../features/abo/pages/abo-shop-page.tsx'), 'AboShopPage');
const AboPaketePage = lazyPage(() => import('../features/abo/pages/abo-pakete-page.tsx'), 'AboPaketePage');
const GuthabenShopPage = lazyPage(
  () => import('../features/guthaben/pages/guthaben-shop-page.tsx'),
  'GuthabenShopPage',
);
const GuthabenBuchungPage = lazyPage(
  () => import('../features/guthaben/pages/guthaben-buchung-page.tsx'),
  'GuthabenBuchungPage',
);
const PaymentPage = lazyPage(() => import('../features/zahlung/pages/payment-page.tsx'), 'PaymentPage');
const FirmenverwaltungPage = lazyPage(
  () => import('../features/firma/pages/firmenverwaltung-page.tsx'),
  'FirmenverwaltungPage',
);
const TermineBetreiberPage = lazyPage(
  () => import('../features/termin/pages/termine-betreiber-page.tsx'),
  'TermineBetreiberPage',
);
const TerminePatientPage = lazyPage(() => import('./routes/termine-patient-page.tsx'), 'TerminePatientPage');
const TermineBetreiberPatientPage = lazyPage(
  () => import('./routes/termine-betreiber-patient-page.tsx'),
  'TermineBetreiberPatientPage',
);
const VerwaltungPage = lazyPage(() => import('../features/verwaltung/pages/verwaltung-page.tsx'), 'VerwaltungPage');
const TermineTherapeutPage = lazyPage(
  () => import('../features/termin/pages/termine-therapeut-page.tsx'),
  'TermineTherapeutPage',
);
const PatientSessionPage = lazyPage(
  () => import('../features/video/pages/patient-session-page.tsx'),
  'PatientSessionPage',
);
const TherapistSessionPage = lazyPage(
  () => import('../features/video/pages/therapist-session-page.tsx'),
  'TherapistSessionPage',
);
const PatientRezeptePage = lazyPage(
  () => import('../features/rezept/pages/patient-rezepte-page.tsx'),
  'PatientRezeptePage',
);
const BetreiberRezeptePage = lazyPage(
  () => import('../features/rezept/pages/betreiber-rezepte-page.tsx'),
  'BetreiberRezeptePage',
);
const RezeptePatientPage = lazyPage(
  () => import('../features/rezept/pages/rezepte-patient-page.tsx'),
  'RezeptePatientPage',
);
const ProtokollPage = lazyPage(() => import('../features/protokoll/pages/protokoll-page.tsx'), 'ProtokollPage');
const UploadPage = lazyPage(() => import('../features/datei/pages/upload-page.tsx'), 'UploadPage');
const ConnectionTestPage = lazyPage(
  () => import('../features/video/pages/connection-test-page.tsx'),
  'ConnectionTestPage',
);

const PlanEditorPage = lazyPage(() => import('../features/training/pages/plan-editor-page.tsx'), 'PlanEditorPage');
const VorlagenPage = lazyPage(() => import('../features/training/pages/vorlagen-page.tsx'), 'VorlagenPage');
const PatientPlanPage = lazyPage(() => import('../features/training/pages/patient-plan-page.tsx'), 'PatientPlanPage');
const StatistikPage = lazyPage(() => import('../features/statistik/pages/statistik-page.tsx'), 'StatistikPage');
const VideosPage = lazyPage(() => import('../features/videothek/pages/videos-page.tsx'), 'VideosPage');
const UebungenPage = lazyPage(() => import('../features/training/pages/uebungen-page.tsx'), 'UebungenPage');
const FragebogenAdminPage = lazyPage(
  () => import('../features/fragebogen/pages/fragebogen-admin-page.tsx'),
  'FragebogenAdminPage',
);
const FrageboegenPage = lazyPage(() => import('../features/fragebogen/pages/frageboegen-page.tsx'), 'FrageboegenPage');
const AnamnesePage = lazyPage(() => import('../features/anamnese/pages/anamnese-page.tsx'), 'AnamnesePage');

/** Every route of the spec's table names its page here, or tsc fails: no route can be a placeholder. */
export const PAGES: Record<RouteKey, ComponentType> = {
  start: StartPage,
  cockpit: CockpitPage,
  inhalt: ContentPage,
  error: ErrorPage,
  profil: ProfilPage,
  nutzerProfil: ProfilPage,
  therapeuten: TherapeutenPage,
  registrieren: RegistrationPage,
  emailBestaetigen: EmailConfirmationPage,
  emailReset: EmailResetPage,
  passwortReset: PasswordResetPage,
  benutzerListe: BenutzerListePage,
  firmenverwaltung: FirmenverwaltungPage,
  verwaltung: VerwaltungPage,
  navigation: NavigationEditorPage,
  guthabenShop: GuthabenShopPage,
  guthabenBuchung: GuthabenBuchungPage,
  paymentRedirect: PaymentPage,
  payment: PaymentPage,
  aboShop: AboShopPage,
  aboPakete: AboPaketePage,
  betreiberTermine: TermineBetreiberPage,
  therapeutTermine: TermineTherapeutPage,
  therapeutTermineZiel: TermineTherapeutPage,
  patientTermine: TerminePatientPage,
  patientTermineTherapeut: TerminePatientPage,
  betreiberTerminePatient: TermineBetreiberPatientPage,
  videosessionPatient: PatientSessionPage,
  videosessionApp: PatientSessionPage,
  videosessionTherapeut: TherapistSessionPage,
  verbindungstest: ConnectionTestPage,
  fragebogenAdmin: FragebogenAdminPage,
  frageboegen: FrageboegenPage,
  frageboegenEigene: FrageboegenPage,
  anamnese: AnamnesePage,
  anamneseFragebogenPatient: AnamnesePage,
  zugriffsprotokoll: ProtokollPage,
  trainingsplan: PlanEditorPage,
  trainingsplanBetreiber: PlanEditorPage,
  trainingsplanVorlagen: VorlagenPage,
  patientTrainingsplan: PatientPlanPage,
  uebungen: UebungenPage,
  statistik: StatistikPage,
  videos: VideosPage,
  patientRezepte: PatientRezeptePage,
  rezepte: BetreiberRezeptePage,
  rezeptePatient: RezeptePatientPage,
  upload: UploadPage,
};

/** Starts loading a route's page code ahead of its render (the landing and error pages come with the entry). */
export function preloadPage(key: RouteKey): void {
  const page = PAGES[key] as Partial<PreloadablePage>;
  // a chunk that fails to load here is asked for again when the route renders, and its error shows there
  page.preload?.().catch(() => undefined);
}
