import '@dihs/contract/common/zod-locale';
import Fastify from 'fastify';
import type { RecordKind } from '@dihs/contract/common/endpoint';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PaymentPurpose } from '@dihs/contract/zahlung';
import type { AppDeps, AppInput, AppInstance, CoreServices, PaymentListener, PaymentListeners } from './app-types.ts';
import { createLocalFileStore } from './lib/file-store.ts';
import { configuredObjectStore } from './lib/object-store/configured-object-store.ts';
import { defaultWebDist } from './lib/paths.ts';
import { MODULES } from './modules/index.ts';
import type { ModuleContext, ModuleDescriptor } from './modules/module-descriptor.ts';
import { authPlugin } from './plugins/auth.ts';
import { patientAccessPlugin, type PatientAccessOptions, type RecordOwner } from './plugins/patient-access.ts';
import { collectRouteCatalog } from './plugins/endpoint-route.ts';
import { createSessionEvents, type SessionEvents } from './plugins/session-events.ts';
import { createSessionActivity } from './plugins/session-activity.ts';
import { createSessionGate, type SessionGate } from './plugins/session-gate.ts';
import { createMetrics, type Metrics } from './lib/metrics.ts';
import { createPeriodicJob } from './lib/periodic-job.ts';
import { METRICS_PATH, registerDatabaseMetrics, registerMetrics, registerRealtimeMetrics } from './plugins/metrics.ts';
import { docsPlugin } from './plugins/docs.ts';
import { registerRateLimits, trustProxyOption } from './plugins/rate-limits.ts';
import { loggerOptions } from './plugins/request-log.ts';
import { clientErrors, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticSpaPlugin } from './plugins/static-spa.ts';
import { stompPlugin } from './plugins/stomp.ts';

const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Builds the application with its plugins and modules; tests call this with their own database (and may swap one
 * module's part, such as a payment listener).
 */
export async function buildApp(deps: AppInput, modules: readonly ModuleDescriptor[] = MODULES): Promise<AppInstance> {
  const app = Fastify({
    // one line per request, written asynchronously (plugins/request-log.ts)
    ...loggerOptions(deps.config.logLevel, deps.logStream, deps.tracing),
    bodyLimit: 1024 * 1024,
    // Only the proxies TRUST_PROXY names may tell the client's address (X-Forwarded-For); by default the socket's
    // address counts, so no client can pick the address that the per-address limits count.
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // German envelope for the router's own errors (malformed URL, overlong parameter) instead of English echoes
    frameworkErrors,
    // and for what Node's parser refuses before routing (a request past its time limit, oversized headers)
    clientErrorHandler: clientErrors,
    // Time limits, so no client holds a connection (and a shutdown) open: the whole request must arrive within
    // REQUEST_TIMEOUT_SECONDS (a trickled upload gets 408), a socket silent for two of those is closed. Keep-alive:
    // longer than a proxy's usual 60 s idle time, so the proxy closes first and never reuses a socket we closed.
    // WebSocket sockets are not subject to either after the upgrade.
    requestTimeout: deps.config.requestTimeoutSeconds * 1000,
    connectionTimeout: deps.config.requestTimeoutSeconds * 2000,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // Node checks these limits every 30 s by default (a limit of 60 s could take 90), and ignores the request limit
    // while the headers' limit (60 s by default) is longer: the headers get at most 30 s, never more than the rest.
    http: {
      connectionsCheckingInterval: 2000,
      headersTimeout: Math.min(30_000, deps.config.requestTimeoutSeconds * 1000),
    },
    // close() drops idle keep-alive connections at once; the rest get the shutdown's grace (lib/shutdown.ts)
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('routeCatalog', collectRouteCatalog(app));
  // before every plugin and route: the request spans wrap the handlers of the routes registered after it (lib/tracing.ts)
  if (deps.tracing) await app.register(deps.tracing.fastifyPlugin);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { frameAncestors: deps.config.frameAncestors });
  await registerRateLimits(app, deps.config);
  // before any route: each route registered after this is measured (plugins/metrics.ts)
  const metrics = createMetrics({ enabled: Boolean(deps.config.metricsToken), dataDir: deps.config.dataDir });
  registerMetrics(app, metrics, deps.config.metricsToken);
  registerDatabaseMetrics(app, metrics, deps.db);
  app.addHook('onClose', async () => metrics.close());
  const core = coreServices(modules);
  const clock = deps.sessionNow ?? (() => new Date());
  const activity = createSessionActivity({
    idleSeconds: deps.config.idleTimeoutSeconds,
    load: (sid) => core.accounts.sessionActivity(deps.db, sid),
    store: (sid, address, at) => core.accounts.touchSession(deps.db, sid, address, at),
    now: () => clock().getTime(),
  });
  // one gate (and one cache) for the bearer of every HTTP request and of every STOMP frame
  const gate = createSessionGate((userId) => core.accounts.find(deps.db, userId), {
    activity,
    cacheSeconds: deps.config.sessionCheckSeconds,
    tokenTtlSeconds: deps.config.tokenTtlSeconds,
    // `npm run bench` measures the check's cost against a server without it; never off in production
    checkRevocation: deps.config.env === 'production' || process.env.BENCH_NO_REVOCATION !== '1',
    requireSecondFactorRoles: deps.config.requireSecondFactorRoles,
  });
  const sessions = await startSessionEvents(app, deps, gate, core.accounts, metrics);
  await app.register(authPlugin, {
    tokens: deps.tokens,
    gate,
    activity,
    ownBearerPath: METRICS_PATH,
  });
  await app.register(patientAccessPlugin, {
    ...patientAccessOptions(deps, modules),
    refused: (request) => metrics.needToKnowRefused(request.routeOptions.url ?? 'unbekannt'),
  });
  const { consent } = core;
  if (consent) app.decorate('consentCheck', (patientUserId: number) => consent.requireCurrent(deps.db, patientUserId));
  await app.register(docsPlugin);
  const mail = core.mailOutbox({ db: deps.db, config: deps.config, log: app.log, metrics });
  app.addHook('onClose', () => mail.stop());
  const files = createLocalFileStore({
    dataDir: deps.config.dataDir,
    secret: deps.config.jwtSecret,
    previousSecrets: deps.config.jwtSecretsPrevious,
  });
  const objects = configuredObjectStore(deps.config, deps.db);
  app.addHook('onClose', () => objects.close());
  await app.register(stompPlugin, { config: deps.config, tokens: deps.tokens, gate, activity });
  registerRealtimeMetrics(metrics, () => app.stomp.stats());
  await composeModules(app, { ...deps, mail, files, objects: objects.store, sessions, metrics }, modules);
  await app.register(staticSpaPlugin, { webDist: deps.config.webDist ?? defaultWebDist() });
  return app;
}

/**
 * What the need-to-know check asks of the modules: their care relations (one indexed probe each, in list order,
 * until one says yes), the patients of records addressed by their own id, an account's role, and the audit log to
 * append to.
 */
function patientAccessOptions(deps: AppInput, modules: readonly ModuleDescriptor[]): PatientAccessOptions {
  const relations = modules.flatMap((module) => (module.careRelation ? [module.careRelation] : []));
  const core = coreServices(modules);
  return {
    async careRelation(therapistUserId, patientUserId) {
      for (const relation of relations) if (await relation(deps.db, therapistUserId, patientUserId)) return true;
      return false;
    },
    roleOf: async (userId) => (await core.accounts.find(deps.db, userId))?.role,
    append: (entries) => core.auditLog.append(deps.db, entries),
    recordOwners: composeRecordOwners(deps, modules),
    failLoudly: deps.config.env !== 'production',
  };
}

/** Every module's record owners, bound to the database; two modules claiming one kind is a wiring error. */
function composeRecordOwners(
  deps: AppInput,
  modules: readonly ModuleDescriptor[],
): PatientAccessOptions['recordOwners'] {
  const owners: PatientAccessOptions['recordOwners'] = {};
  const claimed = new Map<RecordKind, string>();
  for (const module of modules) {
    for (const [kind, owner] of Object.entries(module.recordOwners ?? {}) as [RecordKind, RecordOwner][]) {
      const other = claimed.get(kind);
      if (other) throw new Error(`Datensatzart ${kind}: recordOwners in ${other} und ${module.name}`);
      claimed.set(kind, module.name);
      owners[kind] = { patientOf: (recordId) => owner.patientOf(deps.db, recordId), notFound: owner.notFound };
    }
  }
  return owners;
}

/** How often each instance re-reads the revoked tokens (a lost event) and deletes expired ones. */
const REVOKED_RELOAD_MS = 60_000;

/**
 * Connects the gate to the session events of every instance and loads the stored revoked tokens before the first
 * request; then re-reads them now and then, so an event lost with a broken connection is made up for.
 */
async function startSessionEvents(
  app: AppInstance,
  deps: AppInput,
  gate: SessionGate,
  accounts: CoreServices['accounts'],
  metrics: Metrics,
): Promise<SessionEvents> {
  const events = await createSessionEvents(deps.config, app.log);
  events.subscribe((event) => gate.apply(event));
  gate.restore(await accounts.listRevokedTokens(deps.db));
  const reload = createPeriodicJob({
    intervalMs: REVOKED_RELOAD_MS,
    run: async () => {
      await accounts.pruneRevokedTokens(deps.db);
      gate.restore(await accounts.listRevokedTokens(deps.db));
    },
    log: app.log,
    failureMessage: 'Widerrufene Sitzungen nicht geladen',
    metrics: { of: metrics, name: 'widerrufene_sitzungen' },
  });
  app.addHook('onReady', async () => reload.start());
  app.addHook('onClose', async () => {
    await reload.stop();
    await events.close();
  });
  return events;
}

/**
 * Registers the modules' routes in the list's order, with the payment listeners of all of them, and runs their
 * jobs from ready to close. Nothing a module adds to the process is started anywhere else.
 */
async function composeModules(
  app: AppInstance,
  deps: Omit<AppDeps, 'paymentListeners' | 'modules'>,
  modules: readonly ModuleDescriptor[],
): Promise<void> {
  const ctx: ModuleContext = { ...deps, modules, now: deps.now ?? (() => new Date()), log: app.log };
  const paymentListeners = composePaymentListeners(modules, ctx);
  const jobs = modules.flatMap((module) => module.jobs?.(ctx) ?? []);
  for (const module of modules) await module.routes?.(app, { ...deps, paymentListeners, modules });
  app.addHook('onReady', async () => {
    for (const job of jobs) job.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all(jobs.map((job) => job.stop()));
  });
}

/**
 * What the core takes from the modules (ModuleDescriptor.provides): each part from exactly one of them; a part that
 * none or two provide is a wiring error, found at start.
 */
function coreServices(modules: readonly ModuleDescriptor[]): CoreServices {
  const parts: Partial<CoreServices> = {};
  const owners = new Map<keyof CoreServices, string>();
  for (const module of modules) {
    for (const key of Object.keys(module.provides ?? {}) as (keyof CoreServices)[]) {
      const owner = owners.get(key);
      if (owner) throw new Error(`Kerndienst ${key}: bereitgestellt von ${owner} und ${module.name}`);
      owners.set(key, module.name);
      Object.assign(parts, { [key]: module.provides![key] });
    }
  }
  const { accounts, auditLog, mailOutbox, consent } = parts;
  if (!accounts || !auditLog || !mailOutbox) {
    const missing = (['accounts', 'auditLog', 'mailOutbox'] as const).filter((key) => !parts[key]);
    throw new Error(`Kerndienst ${missing.join(', ')}: von keinem Modul bereitgestellt`);
  }
  return { accounts, auditLog, mailOutbox, ...(consent ? { consent } : {}) };
}

/** One listener per purpose; two modules claiming one purpose is a wiring error, found at start. */
function composePaymentListeners(modules: readonly ModuleDescriptor[], ctx: ModuleContext): PaymentListeners {
  const listeners: Partial<Record<PaymentPurpose, PaymentListener>> = {};
  const owners = new Map<PaymentPurpose, string>();
  for (const module of modules) {
    const own = Object.entries(module.paymentListeners?.(ctx) ?? {}) as [PaymentPurpose, PaymentListener][];
    for (const [purpose, listener] of own) {
      const owner = owners.get(purpose);
      if (owner) throw new Error(`Zahlungszweck ${purpose}: Listener in ${owner} und ${module.name}`);
      owners.set(purpose, module.name);
      listeners[purpose] = listener;
    }
  }
  return Object.freeze(listeners);
}
