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

/** The Fastify instance every module registers its routes on, typed for zod schemas. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What modules get from the app: configuration, the database and the token service. */
export interface AppDeps {
  config: Config;
  db: Database;
  tokens: TokenService;
}
