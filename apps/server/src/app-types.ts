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
}

/** What modules get: the input plus services the app starts itself (the mail outbox worker). */
export interface AppDeps extends AppInput {
  /** Sends due outbox mails now; call after committing a change that enqueued one. */
  mail: Pick<MailWorker, 'flush'>;
}
