import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { image } from '../listing-page/listing.fixture.ts';
import { listingCard } from './card.fixture.ts';
import { ListingCardGrid } from './listing-card-grid.tsx';

const listings = Array.from({ length: 6 }, (_, i) =>
  listingCard({ id: `${i}f6e8d52-1b7a-4c4e-9f5e-3c2d1a0b9e8f`, image: image(`img-${i}`) }),
);

function render(lazy: boolean): string {
  const element = (
    <ListingCardGrid
      className="grid"
      listings={listings}
      lazy={lazy}
      action={(listing) => <button type="button">{`heart ${listing.id.slice(0, 1)}`}</button>}
    />
  );
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  return renderToString(
    <I18nProvider locale="es" messages={mergedCatalogue('es')}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('<ListingCardGrid>', () => {
  it('loads the first four photos at once, the rest lazily, and gives each card its own action', () => {
    const html = render(false);
    expect(html.match(/loading="eager"/g)).toHaveLength(4);
    expect(html.match(/loading="lazy"/g)).toHaveLength(2);
    for (let i = 0; i < 6; i += 1) expect(html).toContain(`heart ${i}`);
  });

  it('loads every photo lazily below the fold', () => {
    expect(render(true)).not.toContain('loading="eager"');
  });
});
