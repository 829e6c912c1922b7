import '@dihs/contract/common/zod-locale';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInput, AppInstance } from './app-types.ts';
import { createLocalFileStore } from './lib/file-store.ts';
import { defaultWebDist } from './lib/paths.ts';
import { createMailTransport, startMailWorker } from './modules/mail/index.ts';
import { registerModules } from './modules/index.ts';
import { authPlugin } from './plugins/auth.ts';
import { createSessionGate } from './plugins/session-gate.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticSpaPlugin } from './plugins/static-spa.ts';

/** Logger options: no request bodies, and the Authorization header never leaves the process. */
function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], remove: true },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        // Paths may carry one-time codes (e-mail confirmation, reset) or an e-mail address; the query string may
        // carry more.
        url: req.url
          .split('?')[0]
          ?.replace(
            /\/(emailbestaetigen|emailreset|passwortreset|email\/bestaetigen|email\/reset|email\/confirmed|passwort\/reset|app\/patient\/[^/]+|zahlung\/checkout|zahlung\/sandbox\/checkout)\/[^/]+$/,
            '/$1/…',
          ),
      }),
    },
  };
}

/** Builds the application with its plugins and modules; tests call this with their own database. */
export async function buildApp(deps: AppInput): Promise<AppInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.config.logLevel),
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { frameAncestors: deps.config.frameAncestors });
  await app.register(rateLimit, { global: false });
  await app.register(authPlugin, {
    tokens: deps.tokens,
    gate: createSessionGate(deps.db, deps.config.sessionCheckSeconds),
  });
  await app.register(docsPlugin);
  const mail = startMailWorker({
    db: deps.db,
    log: app.log,
    transport: createMailTransport({
      smtpUrl: deps.config.smtpUrl,
      from: deps.config.mailFrom,
      dataDir: deps.config.dataDir,
      // Local mode only: the link lets someone without a mail server follow registration and reset mails.
      onFileWritten: (file, mail) =>
        app.log.info({ file, subject: mail.subject, links: mail.text.match(/https?:\/\/\S+/g) ?? [] }, 'Mail abgelegt'),
    }),
  });
  app.addHook('onClose', () => mail.stop());
  const files = createLocalFileStore({ dataDir: deps.config.dataDir, secret: deps.config.jwtSecret });
  await registerModules(app, { ...deps, mail, files });
  await app.register(staticSpaPlugin, { webDist: deps.config.webDist ?? defaultWebDist() });
  return app;
}
