import type { PasswordRecoveryBody } from '@hora/core/validation';
import { data } from 'react-router';
import { RecoverPasswordPage } from '../features/account/recover-password-page.tsx';
import { formErrorsFrom } from '../features/forms/api-errors.ts';
import { formString, readForm } from '../features/forms/submission.ts';
import { seoMeta } from '../features/seo/meta.ts';
import type { Route } from './+types/recover-password';

/** /recover-password (public): emails a link to /reset-password. */
export async function action({ request, context }: Route.ActionArgs) {
  const email = formString(await readForm(request), 'email').trim();
  const result = await context.api('/api/auth/password-recovery', {
    method: 'POST',
    body: { email } satisfies PasswordRecoveryBody,
  });
  if (result.status >= 400) return data({ errors: formErrorsFrom(result), email }, { status: result.status });
  return data({ requested: true as const, email });
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    titleKey: 'account.recoverPassword.title',
    descriptionKey: 'account.recoverPassword.help',
  });

export default function RecoverPassword({ actionData }: Route.ComponentProps) {
  return <RecoverPasswordPage answer={actionData} />;
}
