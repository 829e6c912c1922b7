import { describe, expect, it } from 'vitest';
import { MAIL_TEXTS, mailLinks } from './mail-texts.ts';

describe('mail texts', () => {
  it('build links below PUBLIC_URL, with or without a trailing slash', () => {
    expect(mailLinks('https://dihs.example/').passwortReset('abc')).toBe('https://dihs.example/passwortreset/abc');
    expect(mailLinks('https://dihs.example').emailBestaetigen('x')).toBe('https://dihs.example/emailbestaetigen/x');
    expect(mailLinks('https://dihs.example').login).toBe('https://dihs.example/?login');
  });

  it('are German, name the platform and greet by name when it is known', () => {
    const mail = MAIL_TEXTS.passwortZuruecksetzen(
      { email: 'paula@demo.de', vorname: 'Paula', nachname: 'Patientin' },
      'https://dihs.example/passwortreset/abc',
      24,
    );
    expect(mail).toMatchObject({ to: 'paula@demo.de', subject: 'DiHS Teletherapie: Neues Passwort festlegen' });
    expect(mail.text).toMatch(/^Guten Tag Paula Patientin,\n/);
    expect(mail.text).toContain('https://dihs.example/passwortreset/abc');
    expect(mail.text).toContain('24 Stunden gültig');
    expect(MAIL_TEXTS.passwortGeaendert({ email: 'x@demo.de', vorname: '' }).text).toMatch(/^Guten Tag,\n/);
  });

  it('say only in the notice to the owner that an address is already registered', () => {
    const notice = MAIL_TEXTS.registrierungVorhanden({ email: 'a@demo.de' }, 'https://d/?login', null);
    expect(notice.text).toContain('bereits ein Konto');
    expect(notice.text).not.toContain('/emailbestaetigen/');
    const withLink = MAIL_TEXTS.registrierungVorhanden({ email: 'a@demo.de' }, 'https://d/?login', {
      link: 'https://d/emailbestaetigen/c',
      hours: 24,
    });
    expect(withLink.text).toContain('https://d/emailbestaetigen/c');
  });
});
