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

  it('hands out one frozen object per language and namespace set, so renders can cache merges', () => {
    const first = messagesFor('es', ['auth', 'captcha']);
    expect(messagesFor('es', ['auth', 'captcha'])).toBe(first);
    expect(messagesFor('en', ['auth', 'captcha'])).not.toBe(first);
    expect(messagesFor('es', ['auth'])).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
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
