import type { PasswordChangeBody } from '@hora/core/validation';
import { data } from 'react-router';
import { cookieHeaders } from '../features/account/account-actions.ts';
import { ChangePasswordForm } from '../features/account/change-password-form.tsx';
import { failure, formString, readForm } from '../features/forms/submission.ts';
import { requireViewer } from '../features/routing/access.ts';
import { seoMeta } from '../features/seo/meta.ts';
import type { Route } from './+types/account-change-password';

/** /account/change-password (auth-only). Other sessions end; this one continues with a new cookie. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireViewer(request, context);
  const form = await readForm(request);
  const body = {
    currentPassword: formString(form, 'currentPassword'),
    newPassword: formString(form, 'newPassword'),
  } satisfies PasswordChangeBody;
  const result = await context.api('/api/account/password', { method: 'POST', body });
  if (result.status >= 400) return failure(result);
  return data({ changed: true as const }, { headers: cookieHeaders(result) });
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { titleKey: 'account.changePassword.title', noindex: true });

export default function AccountChangePassword({ actionData }: Route.ComponentProps) {
  return <ChangePasswordForm answer={actionData} />;
}
