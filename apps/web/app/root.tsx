import type { SessionUser } from '@hora/core/session';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { LinkNavigation } from './components/ui/link.tsx';
import { CONSENT_COOKIE } from './features/consent/consent.ts';
import { ChunkLoadErrorPage, isChunkLoadError } from './features/errors/chunk-load-error.tsx';
import { ErrorPage } from './features/errors/error-page.tsx';
import { NotFoundPage } from './features/errors/not-found-page.tsx';
import { parseCookies } from './features/routing/cookies.ts';
import { useNonce } from './features/routing/nonce.tsx';
import { shouldRevalidateRoot } from './features/routing/revalidation.ts';
import { useScrollOnNavigation } from './features/routing/use-scroll-on-navigation.ts';
import { seoMeta } from './features/seo/meta.ts';
import { AppShell } from './features/shell/app-shell.tsx';
import { messagesFor, requestLocale } from './i18n/catalogue.server.ts';
import { I18nProvider } from './i18n/i18n.tsx';
import { DEFAULT_LOCALE } from './i18n/locales.ts';
import { SHELL_NAMESPACES } from './i18n/namespaces.ts';
import { useRouteMessages } from './i18n/route-messages.ts';
import stylesheet from './styles/app.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const cookies = parseCookies(request.headers.get('cookie'));
  const locale = requestLocale(request);
  // Visitors cost nothing: the session is only read when the cookie named a live one.
  const viewer = context.viewer
    ? (await context.api<{ user: SessionUser | null }>('/api/session')).data.user
    : null;
  return data({
    locale,
    // The shell's texts; each page's own come from the `messages-*` layout above it (routes.ts).
    messages: messagesFor(locale, SHELL_NAMESPACES),
    consentGiven: cookies[CONSENT_COOKIE] === 'accepted',
    config: context.config,
    viewer,
  });
}

/** Session, language and consent stay until a submission may have changed them. */
export const shouldRevalidate = shouldRevalidateRoot;

export type RootData = Awaited<ReturnType<typeof loader>>['data'];

export const meta: Route.MetaFunction = (args) => seoMeta(args, {});

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const nonce = useNonce();
  const messages = useRouteMessages();
  const locale = root?.locale ?? DEFAULT_LOCALE;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {/* The root loader only reads cookies and config; should it ever fail, texts show their keys. */}
        <I18nProvider locale={locale} messages={messages}>
          <LinkNavigation>{children}</LinkNavigation>
        </I18nProvider>
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useScrollOnNavigation(loaderData.config.publicUrl);
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>('root');
  // Without the root data there are no messages: the bare page still renders, in the default language.
  if (!root) return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
  if (isChunkLoadError(error)) return <ChunkLoadErrorPage />;
  return (
    <AppShell>
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <NotFoundPage />
      ) : (
        <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
      )}
    </AppShell>
  );
}
