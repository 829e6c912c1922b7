import { describe, expect, it } from 'vitest';
import { endpoint, operator, roles } from '@dihs/contract/common/endpoint';
import { expectedOutcome, meets, neededPrivileges, type MatrixActor } from './authorization-matrix.rules.ts';

const patientA: MatrixActor = { key: 'patientA', account: { id: 1, role: 'PATIENT', privileges: [] } };
const patientB: MatrixActor = { key: 'patientB', account: { id: 2, role: 'PATIENT', privileges: [] } };
const t1: MatrixActor = { key: 't1', account: { id: 3, role: 'THERAPEUT', privileges: [] }, inCare: true };
const t2: MatrixActor = { key: 't2', account: { id: 4, role: 'THERAPEUT', privileges: [] }, inCare: false };
const o0: MatrixActor = { key: 'o0', account: { id: 5, role: 'BETREIBER', privileges: [] } };
const oUser: MatrixActor = { key: 'o+', account: { id: 6, role: 'BETREIBER', privileges: ['BENUTZER_VERWALTEN'] } };

const profile = endpoint({
  method: 'GET',
  path: '/profil/:userId',
  summary: 'x',
  tag: 'x',
  access: roles(['PATIENT', 'THERAPEUT', 'BETREIBER']),
  patientRecord: {
    kind: 'PROFIL',
    action: 'LESEN',
    patientParam: 'userId',
    operatorPrivileges: ['BENUTZER_VERWALTEN'],
  },
});

describe('expectedOutcome', () => {
  it('follows the need-to-know rule of a patientRecord declaration', () => {
    const facts = { subjectId: 1 };
    const kinds = [patientA, patientB, t1, t2, o0, oUser].map((actor) => {
      const expected = expectedOutcome(profile, actor, facts);
      return expected.kind === 'refused' ? expected.status : expected.kind;
    });
    expect(kinds).toEqual(['admitted', 403, 'admitted', 403, 403, 'admitted']);
    expect(expectedOutcome(profile, { key: 'anonym' }, facts)).toMatchObject({ kind: 'refused', status: 401 });
  });

  it('refuses by the access rule before any record rule, and admits everyone on own records', () => {
    const paket = endpoint({
      method: 'GET',
      path: '/x',
      summary: 'x',
      tag: 'x',
      access: operator('ABOPAKETE_VERWALTEN'),
    });
    expect(expectedOutcome(paket, patientA, {})).toMatchObject({ kind: 'refused', status: 403 });
    expect(expectedOutcome(paket, oUser, {})).toMatchObject({ kind: 'refused', status: 403 });
    expect(expectedOutcome(profile, t2, {})).toMatchObject({ kind: 'admitted' });
    expect(neededPrivileges(profile)).toEqual(['BENUTZER_VERWALTEN']);
  });

  it('refuses another patient’s record addressed by its own id, and lets an own-records lookup answer 404', () => {
    const plan = endpoint({
      method: 'GET',
      path: '/plan/:setId',
      summary: 'x',
      tag: 'x',
      access: roles(['PATIENT', 'THERAPEUT']),
      patientRecord: { kind: 'TRAINING', action: 'LESEN', record: { kind: 'TRAININGSPLAN_SET', param: 'setId' } },
    });
    expect(expectedOutcome(plan, patientB, { subjectId: 1 })).toMatchObject({ kind: 'refused', status: 403 });
    expect(expectedOutcome(plan, t2, { subjectId: 1 })).toMatchObject({ kind: 'refused', status: 403 });
    const done = endpoint({
      method: 'POST',
      path: '/erledigt',
      summary: 'x',
      tag: 'x',
      access: roles(['PATIENT']),
      patientRecord: { kind: 'TRAINING', action: 'SCHREIBEN', self: true, recordId: { body: 'eintragId' } },
    });
    expect(expectedOutcome(done, patientB, { subjectId: 1 })).toMatchObject({ kind: 'hidden' });
  });

  it('counts 401/403 and 5xx as not admitted, 404 as hidden', () => {
    expect(meets({ kind: 'admitted', because: '' }, 409)).toBe(true);
    expect(meets({ kind: 'admitted', because: '' }, 403)).toBe(false);
    expect(meets({ kind: 'admitted', because: '' }, 500)).toBe(false);
    expect(meets({ kind: 'refused', status: 403, because: '' }, 404)).toBe(false);
    expect(meets({ kind: 'hidden', because: '' }, 404)).toBe(true);
  });
});
