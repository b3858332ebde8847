import type { ListingAuthorView } from '@hora/core/listing';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { AuthorCard } from './author-card.tsx';

const HOST = '6b1f8a52-3c4d-4e5f-8a9b-0c1d2e3f4a5b';

function render(author: ListingAuthorView, locale: 'es' | 'en' = 'es', isOwner = false): string {
  return renderToString(
    <I18nProvider locale={locale} messages={mergedCatalogue(locale)}>
      <MemoryRouter>
        <AuthorCard author={author} isOwner={isOwner} contactHref="/l/sala/1?contact=1" />
      </MemoryRouter>
    </I18nProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<!-- -->|<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const hidden = { id: HOST, displayName: '', abbreviatedName: '', avatar: null };

describe('listing author card', () => {
  it('links an active host to their profile and offers the contact link', () => {
    const html = render({
      ...hidden,
      displayName: 'Lucía G.',
      abbreviatedName: 'LG',
      banned: false,
      deleted: false,
    });
    expect(html).toContain(`href="/u/${HOST}"`);
    expect(text(html)).toContain('Lucía G.');
    expect(html).toContain('data-testid="contact-link"');
  });

  it.each([
    [{ banned: true }, 'es', 'Usuario bloqueado'],
    [{ deleted: true }, 'es', 'Usuario eliminado'],
    [{ banned: true }, 'en', 'Banned user'],
    [{ deleted: true }, 'en', 'Deleted user'],
  ] as const)('shows %j as “%s” / “%s” with no profile link, picture or contact', (flags, locale, name) => {
    const html = render({ ...hidden, ...flags }, locale);
    expect(text(html)).toContain(name);
    expect(html).not.toContain('/u/');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('data-testid="contact-link"');
  });
});
