import { ROUTES, STATIC_PAGE_URLS, staticPagePath, type AppRoute, type RouteKey } from '@dihs/contract/common/routes';
import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ErrorPage, RouteErrorFallback } from './routes/error-page.tsx';
import { STATIC_PAGE_TITLES } from '../features/inhalt/static-page-titles.ts';
import { useRouteTitle } from '../lib/use-document-title.ts';
import { BearerLogin } from './bearer-login.tsx';
import { Guard } from './guard.tsx';
import { lazyPage } from './lazy-page.ts';
import { PageData } from './page-data.tsx';
import { RootLayout } from './root-layout.tsx';
// the landing page comes with the entry: a visitor's first paint needs no second round trip for it
import { StartPage } from './routes/start-page.tsx';

const VideoRoleGate = lazyPage(() => import('../features/video/components/role-gate.tsx'), 'VideoRoleGate');
const CockpitPage = lazyPage(() => import('../features/dashboard/pages/cockpit-page.tsx'), 'CockpitPage');
const ContentPage = lazyPage(() => import('./routes/content-page.tsx'), 'ContentPage');
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
const PAGES: Record<RouteKey, ComponentType> = {
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

/** The video sessions show "Unberechtigter Zugriff!" to a wrong role before their guard sends it to /. */
const VIDEO_SESSION_ROUTES: ReadonlySet<RouteKey> = new Set([
  'videosessionPatient',
  'videosessionApp',
  'videosessionTherapeut',
]);

function RouteTitle({ title }: { title: string }) {
  useRouteTitle(title);
  return null;
}

function routePage(key: RouteKey): ReactNode {
  const Page = PAGES[key];
  return <Page />;
}

function appRoute(key: RouteKey): RouteObject {
  const route: AppRoute = ROUTES[key];
  const checked = (
    <Guard guard={route.guard}>
      <RouteTitle title={route.title} />
      <PageData route={key} />
      {routePage(key)}
    </Guard>
  );
  const guarded = VIDEO_SESSION_ROUTES.has(key) ? (
    <VideoRoleGate guard={route.guard}>{checked}</VideoRoleGate>
  ) : (
    checked
  );
  return {
    path: route.path,
    element: key === 'videosessionApp' ? <BearerLogin>{guarded}</BearerLogin> : guarded,
  };
}

const staticPageRoutes: RouteObject[] = STATIC_PAGE_URLS.map((url) => ({
  path: staticPagePath(url),
  element: (
    <>
      <RouteTitle title={STATIC_PAGE_TITLES[url]} />
      <ContentPage url={url} />
    </>
  ),
}));

/** The spec's route table (spec 1, section 2.1) from the contract, plus the static content pages. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
    children: [
      {
        // a page that fails (a chunk lost after a deployment) keeps the shell around its error message
        errorElement: <RouteErrorFallback />,
        children: [
          ...(Object.keys(ROUTES) as RouteKey[]).map(appRoute),
          ...staticPageRoutes,
          { path: '*', element: <Navigate to="/error/404" replace /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
