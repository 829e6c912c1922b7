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
});
