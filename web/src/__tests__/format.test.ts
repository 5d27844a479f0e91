import { describe, expect, it } from 'vitest';
import { avatarColor, initials, pageTitle, shortDateTime, showsBackButton } from '../lib/format';
import { isPublicPath } from '../app/paths';
import { classifyLoginError } from '../session/loginErrors';
import { shadeFor } from '../layout/TopBar';

describe('layout rules (SPEC §2)', () => {
  it('derives the page title from the last path segment', () => {
    expect(pageTitle('/area-documentale')).toBe('Area documentale');
    expect(pageTitle('/preventivi/abc')).toBe('Abc');
    expect(pageTitle('/')).toBe('Home');
  });

  it('shows the back button for more than two segments', () => {
    expect(showsBackButton('/preventivi')).toBe(false);
    expect(showsBackButton('/preventivi/')).toBe(false);
    expect(showsBackButton('/preventivi/42')).toBe(true);
  });

  it('darkens the top bar with the scroll up to 0.3', () => {
    expect(shadeFor(0)).toBe(0);
    expect(shadeFor(20)).toBeCloseTo(0.1);
    expect(shadeFor(5000)).toBe(0.3);
  });

  it('builds avatar initials from the name, else the email', () => {
    expect(initials('Mario Rossi Bianchi')).toBe('MR');
    expect(initials('', 'zoe@demo.it')).toBe('ZO');
    // 'abc' hashes to 97·31² + 98·31 + 99 = 96354, and 96354 mod 11 = 5: the sixth colour
    expect(avatarColor('abc')).toBe('orange');
    expect(avatarColor('a')).toBe('violet'); // 97 mod 11 = 9
    expect(avatarColor('')).toBe('blue');
  });

  it("formats the suspension date as 'D MMM YY HH:mm'", () => {
    expect(shortDateTime(new Date(2025, 0, 5, 14, 3))).toBe('5 gen 25 14:03');
  });

  it('knows the public paths', () => {
    for (const path of ['/login', '/registrazione/abc', '/resetPwd/x', '/privacy', '/Doc/1', '/preventivo-email/1/2', '/richiesta-emissione/1/2', '/extension-policy', '/acquisto-polizza/9', '/sinistro/p1']) {
      expect(isPublicPath(path), path).toBe(true);
    }
    for (const path of ['/', '/preventivi', '/loginx', '/utenti/1', '/sinistri', '/sinistri/s1']) expect(isPublicPath(path), path).toBe(false);
  });
});

describe('login errors (SPEC §8)', () => {
  it.each([
    [{ name: 'TimeoutError', message: 'Event response for tokenLogin timed out' }, 'retry'],
    [{ name: 'NotAuthenticated', message: 'Non autorizzato: token scaduto' }, 'dropToken'],
    [{ name: 'X', message: 'Puoi accedere solo dal tuo dominio' }, 'dropToken'],
    [{ name: 'X', message: 'no token' }, 'dropToken'],
    [{ name: 'NotAuthenticated', message: '' }, 'anonymous'],
    [{ name: 'X', message: 'Errore del server' }, 'notify'],
  ])('%o → %s', (error, action) => {
    expect(classifyLoginError(error)).toBe(action);
  });
});
