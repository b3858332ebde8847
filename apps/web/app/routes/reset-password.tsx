import type { PasswordResetBody } from '@hora/core/validation';
import { data } from 'react-router';
import { ResetPasswordPage } from '../features/account/reset-password-page.tsx';
import { failure, formString, readForm } from '../features/forms/submission.ts';
import { seoMeta } from '../features/seo/meta.ts';
import type { Route } from './+types/reset-password';

/** /reset-password?t=TOKEN (public): the page the password-recovery email links to. */
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('t') || null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const body = {
    token: formString(form, 'token'),
    newPassword: formString(form, 'newPassword'),
  } satisfies PasswordResetBody;
  const result = await context.api('/api/auth/password-reset', { method: 'POST', body });
  if (result.status >= 400) return failure(result);
  return data({ reset: true as const });
}

// The link carries a secret: keep the page out of search results.
export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { titleKey: 'account.resetPassword.title', noindex: true });

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <ResetPasswordPage token={loaderData.token} answer={actionData} />;
}
