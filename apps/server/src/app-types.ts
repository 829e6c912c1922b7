import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { FileStore } from './lib/file-store.ts';
import type { TokenService } from './lib/jwt.ts';
import type { MailWorker } from './modules/mail/index.ts';

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
  tokens: TokenService;
  /** The clock of scheduled business rules (subscription renewals and ends); tests move it. Default: system time. */
  now?: () => Date;
}

/** What modules get: the input plus services the app starts itself (the mail outbox worker). */
export interface AppDeps extends AppInput {
  /** Sends due outbox mails now; call after committing a change that enqueued one. */
  mail: Pick<MailWorker, 'flush'>;
  /** Uploaded files under {dataDir}/files; health documents encrypted. */
  files: FileStore;
}
