import { errorEnvelopeSchema } from '@dihs/contract/common/errors';
import { describe, expect, it } from 'vitest';
import { errorResponses } from './route-schema.ts';

describe('errorResponses', () => {
  it('maps each listed status, and only those, to the error envelope', () => {
    const responses = errorResponses(400, 401, 403, 404, 409);
    expect(Object.keys(responses)).toEqual(['400', '401', '403', '404', '409']);
    expect(Object.values(responses).every((schema) => schema === errorEnvelopeSchema)).toBe(true);
  });
});
