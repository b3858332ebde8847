import type { EmailVerificationBody } from '@hora/core/validation';
import { data, type ShouldRevalidateFunctionArgs } from 'react-router';
import { resendVerificationEmail } from '../features/account/account-actions.ts';
import { VerifyEmailPage } from '../features/account/verify-email-page.tsx';
import { redirectWithCookies } from '../features/forms/submission.ts';
import { requireViewer } from '../features/routing/access.ts';
import { seoMeta } from '../features/seo/meta.ts';
import { useRootData } from '../features/shell/use-root-data.ts';
import type { Route } from './+types/verify-email';

/**
 * /verify-email (auth-only). With the emailed link's `t` the address is verified at once; on success
 * the page reloads without the token, so the session (now verified) decides what shows and a
 * reload does not spend the link again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  const token = new URL(request.url).searchParams.get('t');
  if (!token) return data({ linkFailed: false, otherAccount: false });
  const result = await context.api<{ errors?: { meta?: { reason?: unknown } }[] }>('/api/auth/verify-email', {
    method: 'POST',
    body: { token } satisfies EmailVerificationBody,
  });
  if (result.status >= 400) {
    // Another account's link: the API refuses it rather than switch accounts (a login CSRF).
    const otherAccount = result.data?.errors?.[0]?.meta?.reason === 'other-account';
    return data({ linkFailed: true, otherAccount });
  }
  throw redirectWithCookies('/verify-email', result);
}

export async function action({ request, context }: Route.ActionArgs) {
  requireViewer(request, context);
  return resendVerificationEmail(context);
}

/** Sending the link again must not post the (failed) token once more. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === undefined ? defaultShouldRevalidate : false;
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { titleKey: 'account.verifyEmail.metaTitle', noindex: true });

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { viewer } = useRootData();
  if (!viewer) return null;
  return (
    <VerifyEmailPage
      user={viewer}
      linkFailed={loaderData.linkFailed}
      otherAccount={loaderData.otherAccount}
    />
  );
}
