import { secondFactorEndpoints as api } from '@dihs/contract/second-factor';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { secondFactorSecretBox } from '../../lib/secret-box.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { createSecondFactorService } from './second-factor.service.ts';

export async function secondFactorRoutes(app: AppInstance, { db, config, sessions }: AppDeps) {
  const service = createSecondFactorService({
    db,
    secrets: secondFactorSecretBox(config.jwtSecret, config.jwtSecretsPrevious),
    sessions,
  });
  // The password check is a guessing target for someone holding a stolen token: ten tries per account and minute.
  const perAccount = {
    rateLimit: {
      max: 10,
      timeWindow: 60_000,
      keyGenerator: (request: { session: { userId: number } | null; ip: string }) =>
        request.session ? `user-${request.session.userId}` : request.ip,
    },
  };

  route(app, api.status, (request) => service.status(sessionOf(request).userId));
  route(app, api.betreiberStatus, (request) => service.status(request.params.userId));
  route(app, api.aktivieren, (request) => service.activate(sessionOf(request).userId, request.body), {
    config: perAccount,
  });
  route(app, api.deaktivieren, (request) => service.deactivate(sessionOf(request).userId, request.body), {
    config: perAccount,
  });
  route(
    app,
    api.betreiberAktivieren,
    (request) => service.activateFor(sessionOf(request).userId, request.params.userId, request.body),
    { config: perAccount },
  );
  route(app, api.betreiberDeaktivieren, (request) =>
    service.deactivateFor(sessionOf(request).userId, request.params.userId),
  );
}
