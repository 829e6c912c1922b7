import { errorEnvelopeSchema } from '@dihs/contract/common/errors';

/** Every failing call answers with the one error envelope; a route lists the statuses it can answer with. */
export function errorResponses<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof errorEnvelopeSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelopeSchema])) as Record<
    Status,
    typeof errorEnvelopeSchema
  >;
}

/** The OpenAPI security requirement of the routes behind a login (the access token as bearer). */
export const bearerSecurity = [{ bearer: [] }];
