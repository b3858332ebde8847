import type { SessionUser } from '@hora/core/session';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import type { Locale } from '../../i18n/locales.ts';
import { VerifyEmailPage } from './verify-email-page.tsx';

// Only what the page reads of the viewer.
const user = {
  email: 'ana@example.com',
  emailVerified: false,
  pendingEmail: null,
  firstName: 'Ana',
} as unknown as SessionUser;

function render(otherAccount: boolean, locale: Locale = 'es'): string {
  const element = <VerifyEmailPage user={user} linkFailed otherAccount={otherAccount} />;
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/verify-email'] });
  return renderToString(
    <I18nProvider locale={locale} messages={mergedCatalogue(locale)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('<VerifyEmailPage>', () => {
  it('says another account’s link is not the viewer’s, names the viewer and offers to log out', () => {
    const html = render(true);
    expect(html).toContain('data-testid="verify-email-other-account"');
    expect(html).toContain('Este enlace es de otra cuenta');
    expect(html).toContain('ana@example.com');
    expect(html).toMatch(/<form[^>]*action="\/logout"/);
    expect(render(true, 'en')).toContain('This link belongs to another account');
  });

  it('shows a plain failed link as before', () => {
    const html = render(false);
    expect(html).toContain('data-testid="verify-email-failed"');
    expect(html).not.toContain('otra cuenta');
  });
});
