import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RecordKind } from '@dihs/contract/common/endpoint';
import type { DashboardTile } from '@dihs/contract/dashboard';
import type { PaymentProviderName, PaymentPurpose, PaymentStatus } from '@dihs/contract/zahlung';
import type { Config } from './config.ts';
import type { Database, Transaction } from './db/client.ts';
import type { FileStore } from './lib/file-store.ts';
import type { Metrics } from './lib/metrics.ts';
import type { ObjectStore } from './lib/object-store/object-store.ts';
import type { TokenService } from './lib/jwt.ts';
import type { Tracing } from './lib/tracing.ts';
import type { RecordOwner } from './plugins/patient-access.ts';
import type { SessionPublisher } from './plugins/session-events.ts';
import type { StoredActivity } from './plugins/session-activity.ts';
import type { GateAccount, RevokedToken } from './plugins/session-gate.ts';
import type { AuditEntryInput } from './plugins/patient-access.ts';

/** The Fastify instance every module registers its routes on, typed for zod schemas. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What the process hands to buildApp: configuration, the database and the token service. */
export interface AppInput {
  config: Config;
  db: Database;
  /**
   * The table owner's connection (DATABASE_OWNER_URL): the audit log's retention runs through it, since the runtime
   * role may not delete from the log. Unset: `db` (one role).
   */
  ownerDb?: Database;
  tokens: TokenService;
  /** The clock of scheduled business rules (subscription renewals and ends); tests move it. Default: system time. */
  now?: () => Date;
  /**
   * The clock of login sessions' activity and idle end (plugins/session-activity.ts), apart from `now`: a test that
   * moves the business clock by days keeps its sessions. Default: system time.
   */
  sessionNow?: () => Date;
  /** Where the log goes instead of stdout; tests read it back (log hygiene). Production leaves it unset. */
  logStream?: { write(line: string): void };
  /** OpenTelemetry, when started (OTEL_EXPORTER_OTLP_ENDPOINT, lib/tracing.ts): the Fastify spans, trace ids in the log. */
  tracing?: Tracing;
}

/** What modules get: the input plus services the app starts itself (the mail outbox worker). */
export interface AppDeps extends AppInput {
  /** Sends due outbox mails now; call after committing a change that enqueued one. */
  mail: Pick<MailOutbox, 'flush'>;
  /** Uploaded files under {dataDir}/files; health documents encrypted. */
  files: FileStore;
  /** Contents of prescriptions (encrypted above it) and operator uploads: PostgreSQL or S3 (FILE_STORE). */
  objects: ObjectStore;
  /** Tells every instance's session gate that sessions ended (users module: endSessions, revokeToken). */
  sessions: SessionPublisher;
  /** Every module's payment listeners by purpose, composed from the descriptors (the payment webhooks use them). */
  paymentListeners: PaymentListeners;
  /** The composed module list (modules/index.ts, or a test's variant); patient erasure runs their steps. */
  modules: readonly ModuleDescriptor[];
  /** The app's Prometheus metrics (lib/metrics.ts): jobs, logins and a module's own gauges go here. */
  metrics: Metrics;
}

/**
 * What erasure and export steps may use besides the database: the stores of a patient's files and the configuration
 * (the master keys of encrypted documents). Handed over by the app, so no module keeps them in a variable.
 */
export type PatientDataServices = Pick<AppDeps, 'files' | 'objects' | 'config'>;

/**
 * What a module's jobs and payment listeners get: the app's services, the composed module list, its clock (tests
 * move it) and its logger.
 */
export interface ModuleContext extends Omit<AppDeps, 'paymentListeners' | 'now'> {
  now: () => Date;
  log: FastifyBaseLogger;
}

/** A background job: started once the app is ready (listen, or app.ready() in tests), stopped on close. */
export interface ScheduledJob {
  start(): void;
  /** Resolves once a pass that is still running has finished. */
  stop(): Promise<void>;
}

/** Whom the cockpit is built for (modules get no more of the account than this). */
export interface DashboardPatient {
  userId: number;
  firmaId: number | null;
}

/** The records one demo seed leaves for the later ones (the demo company, the demo pages by key). */
export interface DemoWorld {
  firmaId?: number;
  pageIds?: Record<string, number>;
}

/**
 * One module as the app composes it (modules/index.ts lists them in order). Only `routes` is required; the rest is
 * what the module adds to the process besides its endpoints, so that no routes file starts anything on its own.
 */
export interface ModuleDescriptor {
  name: string;
  /** Absent for modules that only serve others (codes, mail). */
  routes?: (app: AppInstance, deps: AppDeps) => Promise<void>;
  /** Created when the app is built; app.ts starts them on ready and stops them on close. */
  jobs?: (ctx: ModuleContext) => ScheduledJob[];
  /** The effect of a payment's status change per purpose it owns; one module per purpose. */
  paymentListeners?: (ctx: ModuleContext) => PaymentListeners;
  /** This module's part of a patient erasure, in the caller's transaction; answers file-store keys to delete. */
  erasePatient?: (tx: Transaction, userId: number, services: PatientDataServices) => Promise<readonly string[] | void>;
  /**
   * Whether the patient is in this therapist's care through this module's records (termin: a booked appointment,
   * past or future; training: a plan by them). The need-to-know check admits a therapist when any module says yes.
   */
  careRelation?: (db: Database | Transaction, therapistUserId: number, patientUserId: number) => Promise<boolean>;
  /**
   * The patient of each record kind this module owns that a declaration addresses by its own id
   * (`patientRecord.record`): the need-to-know check resolves the id before the handler runs, and answers an unknown
   * id with the entry's 404 message. One module per kind; a declaration naming a kind nobody resolves fails at start.
   */
  recordOwners?: Partial<Record<RecordKind, RecordOwner>>;
  /**
   * Every record of this module about the patient, for the self-service export (DSGVO Art. 15, 20): one entry per
   * table (named like the table), rows as plain JSON; files as { name, type, base64 } inside their row.
   */
  exportPatient?: (
    db: Database | Transaction,
    userId: number,
    services: PatientDataServices,
  ) => Promise<Record<string, unknown[]>>;
  /**
   * This module's tiles of the patient's cockpit (GET /dashboard), from its own records only; the dashboard module
   * puts every module's tiles in DASHBOARD_KINDS order. `firmaId` is the patient's company, if any.
   */
  dashboardTiles?: (db: Database, patient: DashboardPatient, now: Date) => Promise<DashboardTile[]>;
  /** This module's demo records, inside the one seeding transaction, in the list's order. */
  seedDemo?: (tx: Transaction, world: DemoWorld) => Promise<void>;
  /** What the core takes from this module (users, protokoll, mail); each part comes from exactly one module. */
  provides?: Partial<CoreServices>;
}

/**
 * What the core needs of the modules, so that it imports none (issue 30 item 3): app.ts takes each part from the one
 * descriptor that `provides` it and refuses two or none at start.
 */
export interface CoreServices {
  /** users: an account's state for the session gate (every request) and the need-to-know check (its role). */
  accounts: {
    find(db: Database, userId: number): Promise<GateAccount | undefined>;
    /** The revoked tokens not yet expired, loaded at start and now and then (a lost event is made up for). */
    listRevokedTokens(db: Database): Promise<RevokedToken[]>;
    pruneRevokedTokens(db: Database): Promise<void>;
    /** Notes a stored session's last activity and address (at most once a minute per session and instance). */
    touchSession(db: Database, sid: string, address: string | undefined, at: Date): Promise<void>;
    /** A stored session's last activity and end, for the idle check (plugins/session-activity.ts). */
    sessionActivity(db: Database, sid: string): Promise<StoredActivity | undefined>;
  };
  /** protokoll: appends the need-to-know check's entries to the audit log. */
  auditLog: { append(db: Database, entries: AuditEntryInput[]): Promise<void> };
  /** mail: starts the outbox worker that sends what the modules enqueue; app.ts starts it before the modules. */
  mailOutbox: (ctx: { db: Database; config: Config; log: FastifyBaseLogger; metrics: Metrics }) => MailOutbox;
  /**
   * einwilligung: refuses (409) a patient without consent to the current texts, for declarations with
   * `requiresConsent` (plugins/consent-rule.ts). Optional: an app without it cannot bind such a declaration.
   */
  consent?: { requireCurrent(db: Database, patientUserId: number): Promise<void> };
}

/** The mail outbox worker (modules get its flush as AppDeps.mail). */
export interface MailOutbox {
  /** Sends what is due now (also called by the timer); resolves when this round is done. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A card payment as the payment module hands it to the listener of its purpose: its row in `zahlung` (ZahlungRow),
 * named here so that descriptors carry listeners without the core importing the module.
 */
export interface PaymentRecord {
  id: number;
  userId: number;
  purpose: PaymentPurpose;
  /** The id of the purpose's record: credit order, subscription, cart. */
  referenceId: number;
  amountCents: number;
  description: string;
  status: PaymentStatus;
  provider: PaymentProviderName | null;
  checkoutToken: string;
  providerRef: string | null;
  transactionId: string | null;
  returnPath: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Applies a purpose's effect of a status change (grant credit, activate a subscription, mark a cart paid). Called
 * inside the transaction that changes the status, exactly once per change.
 */
export type PaymentListener = (
  tx: Transaction,
  payment: PaymentRecord,
  newStatus: PaymentStatus,
  previousStatus: PaymentStatus,
) => Promise<void>;

/** The listener of each purpose, composed by app.ts from the module descriptors (one module per purpose). */
export type PaymentListeners = Readonly<Partial<Record<PaymentPurpose, PaymentListener>>>;
