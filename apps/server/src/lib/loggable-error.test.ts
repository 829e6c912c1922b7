import { describe, expect, it } from 'vitest';
import { loggableError } from './loggable-error.ts';

describe('loggableError', () => {
  it('drops the parameters of a failed query but keeps the statement and the database code', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    const error = new Error(
      'Failed query: insert into "benutzer" ("email") values ($1)\nparams: paula@demo.de,$argon2id$v=19$geheim',
      {
        cause,
      },
    );
    const logged = JSON.stringify(loggableError(error));
    expect(logged).toContain('insert into');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('paula@demo.de');
    expect(logged).not.toContain('argon2id');
  });

  it('copes with thrown non-errors', () => {
    expect(loggableError('kaputt')).toEqual({ type: 'string' });
  });
});
