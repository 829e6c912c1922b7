import { hasPrivilege, type Privilege, type Role } from './roles.ts';

/**
 * The route table of spec 1, section 2.1: path (React Router pattern), name, page title and guard.
 * The web router is built from it and the end-to-end tests walk it, so guards are declared once.
 */

export interface RouteGuard {
  /** A session is required. */
  login: boolean;
  /** When set, the session's role must be one of these. */
  roles?: readonly Role[];
  /** When set, the session needs at least one of these privileges. */
  anyPrivilege?: readonly Privilege[];
  /** Where a failed role or privilege check goes when the spec names a target other than section 2.2's. */
  deniedRedirect?: string;
}

export interface AppRoute {
  path: string;
  name: string;
  title: string;
  guard: RouteGuard;
}

/** What the guards need to know about the viewer. */
export interface GuardSession {
  role: Role;
  privileges: readonly number[];
}

const PUBLIC: RouteGuard = { login: false };
const LOGIN: RouteGuard = { login: true };
const only = (roles: readonly Role[], anyPrivilege?: readonly Privilege[]): RouteGuard => ({
  login: true,
  roles,
  ...(anyPrivilege ? { anyPrivilege } : {}),
});
const THERAPIST = only(['THERAPEUT']);
const PATIENT = only(['PATIENT']);

/** Static content pages: each is served from GET /api/inhalt/{url}. */
export const STATIC_PAGE_URLS = [
  'agb',
  'faq',
  'impressum',
  'datenschutz',
  'kontakt',
  'neuigkeiten',
  'einverstaendnis_videotherapie',
  'nutzungsbestimmungen',
  'sturz',
] as const;
export type StaticPageUrl = (typeof STATIC_PAGE_URLS)[number];

export const ROUTES = {
  start: { path: '/', name: 'Startseite', title: 'Startseite', guard: PUBLIC },
  cockpit: { path: '/cockpit', name: 'Cockpit', title: 'Cockpit', guard: PATIENT },
  registrieren: {
    path: '/registrieren',
    name: 'Registrieren',
    title: 'Registrieren',
    guard: PUBLIC,
  },
  profil: { path: '/profil', name: 'Profil', title: 'Profil', guard: LOGIN },
  nutzerProfil: {
    path: '/profil/:userId',
    name: 'NutzerProfil',
    title: 'Profil',
    guard: LOGIN,
  },
  fragebogenAdmin: {
    path: '/betreiber/fragebogen',
    name: 'Fragebogen editieren',
    title: 'Fragebogen editieren',
    guard: only(['BETREIBER'], ['FRAGEBOGEN_EDITIEREN']),
  },
  inhalt: { path: '/inhalt/:url', name: 'Inhalt', title: 'Inhalt', guard: PUBLIC },
  navigation: {
    path: '/navigation',
    name: 'Navigation',
    title: 'Navigation editieren',
    guard: only(['BETREIBER'], ['NAVIGATION_EDITIEREN']),
  },
  anamnese: {
    path: '/anamnese',
    name: 'Anamnese',
    title: 'Anamnesebogen',
    guard: LOGIN,
  },
  anamneseFragebogenPatient: {
    path: '/anamnese/:patientId',
    name: 'anamneseFragebogenPatient',
    title: 'Anamnesebogen',
    guard: LOGIN,
  },
  videos: { path: '/videos', name: 'Videos', title: 'Videos', guard: LOGIN },
  frageboegen: {
    path: '/patient/fragebogen/:patientId',
    name: 'frageboegen',
    title: 'Befundfragebögen',
    guard: LOGIN,
  },
  // spec 3: the patientId is optional; without it the selected (a patient's own) questionnaires are shown
  frageboegenEigene: {
    path: '/patient/fragebogen',
    name: 'frageboegen',
    title: 'Befundfragebögen',
    guard: LOGIN,
  },
  upload: {
    path: '/betreiber/upload',
    name: 'Dateien hochladen',
    title: 'Dateien hochladen',
    guard: only(['BETREIBER'], ['DATEIEN_HOCHLADEN']),
  },
  emailBestaetigen: {
    path: '/emailbestaetigen/:code',
    name: 'E-Mail bestätigen',
    title: 'E-Mail bestätigen',
    guard: PUBLIC,
  },
  emailReset: {
    path: '/emailreset/:code',
    name: 'E-Mail ändern',
    title: 'E-Mail ändern',
    guard: PUBLIC,
  },
  passwortReset: {
    path: '/passwortreset/:code',
    name: 'Passwort zurücksetzen',
    title: 'Passwort zurücksetzen',
    guard: PUBLIC,
  },
  betreiberTermine: {
    path: '/betreiber/termine',
    name: 'Termine editieren',
    title: 'Termine editieren',
    guard: only(['BETREIBER'], ['TERMINE_EDITIEREN']),
  },
  therapeutTermine: {
    path: '/therapeut/termine',
    name: 'therapeutTermine',
    title: 'Termine',
    guard: THERAPIST,
  },
  therapeutTermineZiel: {
    path: '/therapeut/termine/:target',
    name: 'therapeutTermine',
    title: 'Termine',
    guard: THERAPIST,
  },
  therapeuten: {
    path: '/therapeuten',
    name: 'Therapeuten',
    title: 'Unsere Therapeuten',
    guard: PATIENT,
  },
  benutzerListe: {
    path: '/betreiber/benutzer/liste',
    name: 'Benutzer verwalten',
    title: 'Benutzer verwalten',
    guard: only(['BETREIBER'], ['BENUTZER_VERWALTEN']),
  },
  patientTermine: {
    path: '/patient/termine',
    name: 'Patient: Termine',
    title: 'Terminplan',
    guard: PATIENT,
  },
  patientTermineTherapeut: {
    path: '/patient/termine/:therapeut',
    name: 'Patient: Termine',
    title: 'Terminplan',
    guard: PATIENT,
  },
  betreiberTerminePatient: {
    path: '/betreiber/termine/patient/:patient',
    name: 'Betreiber: Termine für Patient',
    title: 'Termine für Patient',
    guard: only(['BETREIBER'], ['PATIENT_TERMINE_BUCHEN']),
  },
  trainingsplan: {
    path: '/therapeut/trainingsplan/:patient',
    name: 'Therapeut: Trainingsplan',
    title: 'Trainingsplan',
    guard: only(['THERAPEUT', 'BETREIBER']),
  },
  trainingsplanBetreiber: {
    path: '/betreiber/trainingsplan/:patient',
    name: 'Therapeut: Trainingsplan',
    title: 'Trainingsplan',
    guard: only(['THERAPEUT', 'BETREIBER']),
  },
  trainingsplanVorlagen: {
    path: '/therapeut/trainingsplanvorlagen',
    name: 'Vorlagen verwalten',
    title: 'Trainingsplan-Vorlagen',
    // spec 3, section 2: a therapist without the privilege goes to /
    guard: { ...only(['THERAPEUT'], ['TRAININGSPLAN_VORLAGEN_VERWALTEN']), deniedRedirect: '/' },
  },
  patientTrainingsplan: {
    path: '/patient/trainingsplan',
    name: 'Patient: Trainingsplan',
    title: 'Ihr Trainingsplan',
    guard: PATIENT,
  },
  uebungen: {
    path: '/betreiber/uebungen',
    name: 'Übungen verwalten',
    title: 'Übungen verwalten',
    guard: { login: true, anyPrivilege: ['UEBUNGEN_VERWALTEN_THERAPEUT', 'UEBUNGEN_VERWALTEN'] },
  },
  verwaltung: {
    path: '/betreiber/verwaltung',
    name: 'Anwendung verwalten',
    title: 'Anwendung verwalten',
    guard: only(['BETREIBER'], ['ANWENDUNG_VERWALTEN']),
  },
  statistik: {
    path: '/betreiber/statistik',
    name: 'Statistik herunterladen',
    title: 'Statistik',
    guard: only(['BETREIBER'], ['STATISTIK_LESEN']),
  },
  firmenverwaltung: {
    path: '/betreiber/firmenverwaltung',
    name: 'Firmen verwalten',
    title: 'Firmen verwalten',
    guard: only(['BETREIBER'], ['BENUTZER_VERWALTEN']),
  },
  videosessionTherapeut: {
    path: '/video/therapie/therapeut/:conferenceId',
    name: 'videosessionTherapeut',
    title: 'Videositzung',
    // spec 3 section 8: a wrong role sees "Unberechtigter Zugriff!" and goes to /
    guard: { ...THERAPIST, deniedRedirect: '/' },
  },
  videosessionPatient: {
    path: '/video/therapie/patient/:conferenceId',
    name: 'videosessionPatient',
    title: 'Videositzung',
    guard: { ...PATIENT, deniedRedirect: '/' },
  },
  videosessionApp: {
    path: '/video/therapie/app/patient/:conferenceId/:bearer',
    name: 'videosessionApp',
    title: 'Videositzung',
    // the bearer in the path logs the patient in before the guard runs
    guard: { ...PATIENT, deniedRedirect: '/' },
  },
  verbindungstest: {
    path: '/verbindungstest',
    name: 'Verbindungstest',
    title: 'Verbindungstest',
    guard: LOGIN,
  },
  paymentRedirect: {
    path: '/payment/redirect',
    name: 'Zahlung',
    title: 'Zahlung',
    guard: PUBLIC,
  },
  payment: { path: '/payment/:id', name: 'Zahlung', title: 'Zahlung', guard: PUBLIC },
  guthabenShop: {
    path: '/patient/guthaben',
    name: 'Guthaben',
    title: 'Leistungen',
    guard: PATIENT,
  },
  aboShop: { path: '/patient/abo', name: 'Abo', title: 'Abo', guard: PATIENT },
  guthabenBuchung: {
    path: '/guthaben/:id',
    name: 'GuthabenBuchung',
    title: 'Buchungsstatus',
    guard: LOGIN,
  },
  aboPakete: {
    path: '/betreiber/abo/pakete',
    name: 'Abopakete verwalten',
    title: 'Abopakete verwalten',
    guard: only(['BETREIBER'], ['ABOPAKETE_VERWALTEN']),
  },
  patientRezepte: {
    path: '/patient/rezepte',
    name: 'Rezepte',
    title: 'Rezepte',
    guard: PATIENT,
  },
  rezeptePatient: {
    path: '/betreiber/rezepte/:patientId',
    name: 'Rezepte des Patienten',
    title: 'Rezepte',
    guard: only(['THERAPEUT', 'BETREIBER']),
  },
  rezepte: {
    path: '/betreiber/rezepte',
    name: 'Rezepte verwalten',
    title: 'Rezepte verwalten',
    // the server's rule: operators read prescriptions with either privilege (contract rezept.ts)
    guard: only(['BETREIBER'], ['GUTHABEN_AENDERN', 'BENUTZER_VERWALTEN']),
  },
  // beyond the spec's table: the audit log of patient records (docs/decisions.md "Need-to-know access")
  zugriffsprotokoll: {
    path: '/betreiber/protokoll',
    name: 'Zugriffsprotokoll',
    title: 'Zugriffsprotokoll',
    guard: only(['BETREIBER'], ['ZUGRIFFSPROTOKOLL_LESEN']),
  },
  error: { path: '/error/:errorId', name: 'Fehler', title: 'Fehler', guard: PUBLIC },
} as const satisfies Record<string, AppRoute>;

export type RouteKey = keyof typeof ROUTES;

/** Static content pages are public routes of their own (/agb, /impressum, ...). */
export const staticPagePath = (url: StaticPageUrl): string => `/${url}`;

/** Where a logged-in user lands after login and after a failed role or privilege check (spec 1, 2.2 and 2.5). */
export const homePathFor = (role: Role | undefined): string => {
  if (role === 'PATIENT') return ROUTES.cockpit.path;
  if (role === 'THERAPEUT') return ROUTES.therapeutTermine.path;
  return ROUTES.start.path;
};

/** The outcome of a guard: allowed, or the path to redirect to (spec 1, section 2.2). */
export function checkGuard(guard: RouteGuard, session: GuardSession | null): { allowed: true } | { redirect: string } {
  if (!guard.login) return { allowed: true };
  if (!session) return { redirect: ROUTES.start.path };
  const roleOk = !guard.roles || guard.roles.includes(session.role);
  const privilegeOk = !guard.anyPrivilege || guard.anyPrivilege.some((p) => hasPrivilege(session.privileges, p));
  if (roleOk && privilegeOk) return { allowed: true };
  return { redirect: guard.deniedRedirect ?? homePathFor(session.role) };
}

/** Fills a route pattern's parameters: fillPath('/profil/:userId', { userId: 5 }) is '/profil/5'. */
export function fillPath(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Parameter ${key} fehlt für ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

/** Finds the route whose pattern matches a concrete path (for menus built from the server tree). */
export function matchRoute(pathname: string): AppRoute | undefined {
  const routes: AppRoute[] = Object.values(ROUTES);
  return routes.find((route) => {
    const pattern = new RegExp(`^${route.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    return pattern.test(pathname);
  });
}
