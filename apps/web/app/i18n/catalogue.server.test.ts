import { describe, expect, it, vi } from 'vitest';
import { messagesFor, requestLocale } from './catalogue.server.ts';
import { namespaceCatalogue, parseMessages } from './catalogue.ts';

describe('messagesFor', () => {
  it('sends only the namespaces asked for, in the visitor’s language', () => {
    const messages = parseMessages(messagesFor('es', ['auth', 'captcha']));
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

  it('serializes each language and namespace set once, as the JSON text React Router writes as it is', () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    const first = messagesFor('es', ['payouts', 'photos']);
    expect(typeof first).toBe('string');
    expect(messagesFor('es', ['payouts', 'photos'])).toBe(first);
    expect(stringify).toHaveBeenCalledTimes(1);
    stringify.mockRestore();
    expect(messagesFor('en', ['payouts', 'photos'])).not.toBe(first);
    expect(messagesFor('es', ['payouts'])).not.toBe(first);
    expect(parseMessages(messagesFor('en', ['auth']))['auth.login.title']).toBe(
      namespaceCatalogue('en', 'auth')['auth.login.title'],
    );
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
