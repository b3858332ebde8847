import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ListingImageView, OwnListingView } from '@hora/core/listing';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { createTranslator, I18nProvider } from '../../i18n/i18n.tsx';
import { ownListing } from '../listing-wizard/test-listing.ts';
import { PhotosTab } from './photos-tab.tsx';
import { photoAnnouncements } from './sortable-photo-grid.tsx';

const es = mergedCatalogue('es');
const en = mergedCatalogue('en');

const image = (id: string): ListingImageView => {
  const variant = (name: string, width: number, height: number) => ({
    width,
    height,
    webp: `/uploads/listings/l1/${id}/${name}.webp`,
    jpeg: `/uploads/listings/l1/${id}/${name}.jpg`,
  });
  return {
    id,
    width: 1600,
    height: 1200,
    variants: {
      'landscape-crop': variant('landscape-crop', 400, 267),
      'landscape-crop2x': variant('landscape-crop2x', 800, 533),
      'square-small': variant('square-small', 240, 240),
      'square-small2x': variant('square-small2x', 480, 480),
    },
  };
};

const listing = (images: ListingImageView[]): OwnListingView =>
  ownListing({ id: 'l1', title: 'Sala luminosa', description: 'Para talleres.', images });

function render(images: ListingImageView[], locale: 'es' | 'en' = 'es') {
  return renderToString(
    <I18nProvider locale={locale} messages={locale === 'es' ? es : en}>
      <PhotosTab listing={listing(images)} submitLabel="Publicar anuncio" onSaved={() => {}} />
    </I18nProvider>,
  );
}

describe('<PhotosTab> as the server renders it', () => {
  it('offers to choose several photos of the accepted types, and keeps submit disabled without one', () => {
    const html = render([]);
    expect(html).toContain('type="file" multiple=""');
    expect(html).toContain('accept="image/jpeg,image/gif,image/png,image/webp"');
    expect(html).toContain('Elegir fotos');
    expect(html).toContain('JPG, PNG, GIF o WebP de hasta 20 MB cada una; hasta 30 fotos.');
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Publicar anuncio<\/button>/);
    expect(html).toContain('Añade al menos una foto para continuar.');
  });

  it('shows the photos in order, the first marked as the cover, each removable', () => {
    const html = render([image('a'), image('b')], 'en');
    expect(html.indexOf('/uploads/listings/l1/a/square-small.webp')).toBeLessThan(
      html.indexOf('/uploads/listings/l1/b/square-small.webp'),
    );
    expect(html.match(/>Cover</g)).toHaveLength(1);
    expect(html).toContain('alt="Photo 1 of 2"');
    expect(html).toContain('aria-label="Remove photo 2"');
    expect(html).toMatch(
      /<button type="submit" class="button button--primary"(?![^>]*disabled)[^>]*>Publicar anuncio/,
    );
  });
});

describe('photo reordering announcements', () => {
  it('say what happens in the page’s language, counting from 1', () => {
    const positions = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    const of = (id: string | number) => positions.get(String(id)) ?? 0;
    const active = { id: 'c' } as never;
    const over = { id: 'a' } as never;
    const spanish = photoAnnouncements(createTranslator('es', es), of, 3);
    expect(spanish.onDragStart({ active })).toBe('Has cogido la foto 3.');
    expect(spanish.onDragOver({ active, over })).toBe('La foto 3 pasaría a la posición 1 de 3.');
    expect(spanish.onDragEnd({ active, over })).toBe('Has dejado la foto en la posición 1 de 3.');
    expect(spanish.onDragCancel({ active, over: null })).toBe(
      'Movimiento cancelado. La foto sigue en la posición 3.',
    );
    const english = photoAnnouncements(createTranslator('en', en), of, 3);
    expect(english.onDragStart({ active })).toBe('Picked up photo 3.');
  });
});

describe('photos texts', () => {
  it('exist in both languages for every key the photos feature names', () => {
    const folder = import.meta.dirname;
    const keys = new Set<string>();
    for (const name of readdirSync(folder).filter(
      (file) => /\.tsx?$/.test(file) && !file.includes('.test.'),
    )) {
      for (const match of readFileSync(path.join(folder, name), 'utf8').matchAll(
        /'((?:photos|errors)\.[\w.-]+)'/g,
      )) {
        keys.add(match[1]!);
      }
    }
    expect(keys.size).toBeGreaterThan(30);
    expect([...keys].filter((key) => !(key in es) || !(key in en))).toEqual([]);
  });
});
