import { describe, expect, it } from 'vitest';
import { messagesFor, requestLocale } from './catalogue.server.ts';
import { namespaceCatalogue } from './catalogue.ts';

describe('messagesFor', () => {
  it('sends only the namespaces asked for, in the visitor’s language', () => {
    const messages = messagesFor('es', ['auth', 'captcha']);
    expect(Object.keys(messages).sort()).toEqual(
      [
        ...Object.keys(namespaceCatalogue('es', 'auth')),
        ...Object.keys(namespaceCatalogue('es', 'captcha')),
      ].sort(),
    );
    expect(messages['auth.login.title']).toBe(namespaceCatalogue('es', 'auth')['auth.login.title']);
    expect(messages['auth.login.title']).not.toBe(namespaceCatalogue('en', 'auth')['auth.login.title']);
    expect(messages).not.toHaveProperty(['topbar.login']);
  });
});

describe('requestLocale', () => {
  it.each([
    ['hora_locale=en', 'en'],
    ['other=1; hora_locale=es', 'es'],
    ['hora_locale=fr', 'es'],
    ['', 'es'],
  ])('reads %j as %s', (cookie, locale) => {
    expect(requestLocale(new Request('http://hora.test/', { headers: { cookie } }))).toBe(locale);
  });
});
