import { describe, expect, it } from 'vitest';
import { createSecretBox, secondFactorSecretBox } from './secret-box.ts';

const SECRET = 'secret-box-test-secret-0123456789abcdef';

describe('secret box', () => {
  it('seals so that the stored value does not contain the secret, and opens it again', () => {
    const box = secondFactorSecretBox(SECRET);
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toBe(box.seal('JBSWY3DPEHPK3PXP'));
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('answers null for a value sealed with another server secret or purpose, or tampered with', () => {
    const sealed = secondFactorSecretBox(SECRET).seal('JBSWY3DPEHPK3PXP');
    expect(secondFactorSecretBox(`${SECRET}x`).open(sealed)).toBeNull();
    expect(createSecretBox(SECRET, 'other').open(sealed)).toBeNull();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'AB' : 'AA');
    expect(secondFactorSecretBox(SECRET).open(tampered)).toBeNull();
    expect(secondFactorSecretBox(SECRET).open('gcm1.AAAA')).toBeNull();
  });

  it('passes a value stored without encryption through', () => {
    expect(secondFactorSecretBox(SECRET).open('JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });

  describe('with previous server secrets (JWT_SECRETS_PREVIOUS)', () => {
    const OLD = 'secret-box-old-secret-0123456789abcdefgh';

    it('opens a value of a previous secret, seals with the current one and tells which is current', () => {
      const old = secondFactorSecretBox(OLD).seal('JBSWY3DPEHPK3PXP');
      const box = secondFactorSecretBox(SECRET, [OLD]);
      expect(box.open(old)).toBe('JBSWY3DPEHPK3PXP');
      expect(box.sealedWithCurrent(old)).toBe(false);
      const resealed = box.seal('JBSWY3DPEHPK3PXP');
      expect(box.sealedWithCurrent(resealed)).toBe(true);
      expect(secondFactorSecretBox(SECRET).open(resealed)).toBe('JBSWY3DPEHPK3PXP');
      expect(secondFactorSecretBox(OLD).open(resealed)).toBeNull();
      // once the old secret has left the list its values no longer open
      expect(secondFactorSecretBox(SECRET).open(old)).toBeNull();
    });

    it('answers null for a value of none of the secrets; an unsealed value is never current', () => {
      const stranger = secondFactorSecretBox(`${SECRET}x`).seal('JBSWY3DPEHPK3PXP');
      const box = secondFactorSecretBox(SECRET, [OLD]);
      expect(box.open(stranger)).toBeNull();
      expect(box.sealedWithCurrent(stranger)).toBe(false);
      expect(box.sealedWithCurrent('JBSWY3DPEHPK3PXP')).toBe(false);
      expect(box.sealedWithCurrent('gcm1.AAAA')).toBe(false);
    });
  });
});
