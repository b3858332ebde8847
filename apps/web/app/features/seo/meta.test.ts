import { describe, expect, it } from 'vitest';
import { serializeMessages } from '../../i18n/catalogue.ts';
import { seoMeta } from './meta.ts';

const root = {
  id: 'root',
  loaderData: {
    locale: 'es',
    messages: serializeMessages({
      'seo.titleTemplate': '{page} | {marketplace}',
      'seo.default.title': '{marketplace} | Alquila espacios por horas',
      'seo.default.description': 'Reserva espacios por horas.',
      'notFound.title': 'No encontramos esta página',
      'notFound.description': 'El enlace está roto.',
    }),
    config: { marketplaceName: 'Hora', publicUrl: 'https://hora.es', blogUrl: undefined, social: {} },
  },
};

function find(meta: ReturnType<typeof seoMeta>, key: string, value: string) {
  return meta.find((entry) => (entry as Record<string, unknown>)[key] === value) as
    | Record<string, string>
    | undefined;
}

describe('seoMeta', () => {
  it('gives every page a title, description, canonical URL and social cards', () => {
    const meta = seoMeta({ location: { pathname: '/' }, matches: [root] }, {});
    expect(meta).toContainEqual({ title: 'Hora | Alquila espacios por horas' });
    expect(find(meta, 'name', 'description')?.content).toBe('Reserva espacios por horas.');
    expect(find(meta, 'rel', 'canonical')?.href).toBe('https://hora.es/');
    expect(find(meta, 'property', 'og:url')?.content).toBe('https://hora.es/');
    expect(find(meta, 'property', 'og:locale')?.content).toBe('es_ES');
    expect(find(meta, 'property', 'og:image')?.content).toBe('https://hora.es/social/facebook-1200x630.png');
    expect(find(meta, 'name', 'twitter:card')?.content).toBe('summary_large_image');
    expect(find(meta, 'name', 'twitter:image')?.content).toBe('https://hora.es/social/twitter-600x314.png');
    expect(find(meta, 'name', 'robots')).toBeUndefined();
  });

  it('titles a page with the marketplace name and can keep it out of search engines', () => {
    const meta = seoMeta(
      { location: { pathname: '/nada' }, matches: [root] },
      { titleKey: 'notFound.title', descriptionKey: 'notFound.description', noindex: true },
    );
    expect(meta).toContainEqual({ title: 'No encontramos esta página | Hora' });
    expect(find(meta, 'name', 'robots')?.content).toBe('noindex');
    expect(find(meta, 'rel', 'canonical')?.href).toBe('https://hora.es/nada');
  });

  it('titles a page with the messages its route brings, beside the shell’s', () => {
    const authMessages = {
      id: 'routes/messages-auth',
      handle: { messages: ['auth'] },
      loaderData: { messages: serializeMessages({ 'auth.login.title': 'Iniciar sesión' }) },
    };
    const meta = seoMeta(
      {
        location: { pathname: '/login' },
        matches: [root, authMessages, { id: 'auth-login', loaderData: {} }],
      },
      { titleKey: 'auth.login.title' },
    );
    expect(meta).toContainEqual({ title: 'Iniciar sesión | Hora' });
  });

  it('gives a listing’s page its canonical form, without the slug (spec part 1 §2)', () => {
    const meta = seoMeta(
      { location: { pathname: '/l/sala-luminosa/0f6e8d52-1b7a-4c4e-9f5e-3c2d1a0b9e8f' }, matches: [root] },
      {},
    );
    const canonical = 'https://hora.es/l/0f6e8d52-1b7a-4c4e-9f5e-3c2d1a0b9e8f';
    expect(find(meta, 'rel', 'canonical')?.href).toBe(canonical);
    expect(find(meta, 'property', 'og:url')?.content).toBe(canonical);
  });

  it('takes a page’s own image, Open Graph type and extra tags', () => {
    const meta = seoMeta(
      { location: { pathname: '/' }, matches: [root] },
      {
        image: { facebook: 'https://cdn.example/a.jpg', twitter: '/b.jpg', width: 800, height: 533 },
        ogType: 'place',
        extra: [{ property: 'place:location:latitude', content: '40.4' }],
      },
    );
    expect(find(meta, 'property', 'og:type')?.content).toBe('place');
    expect(find(meta, 'property', 'og:image')?.content).toBe('https://cdn.example/a.jpg');
    expect(find(meta, 'property', 'og:image:width')?.content).toBe('800');
    expect(find(meta, 'property', 'og:image:height')?.content).toBe('533');
    expect(find(meta, 'name', 'twitter:image')?.content).toBe('https://hora.es/b.jpg');
    expect(meta.at(-1)).toEqual({ property: 'place:location:latitude', content: '40.4' });
  });

  it('returns nothing when the root data is missing (an error before the root loader ran)', () => {
    expect(seoMeta({ location: { pathname: '/' }, matches: [] }, {})).toEqual([]);
  });
});
