import { safeReturnPath } from '@hora/core/routing';
import type { SessionUser } from '@hora/core/session';
import type { ConfirmSignupBody, LoginBody, SignupBody } from '@hora/core/validation';
import { data, redirect } from 'react-router';
import { AuthPage, type AuthTab } from '../features/auth/auth-page.tsx';
import type { CaptchaConfig } from '../features/captcha/captcha-field.tsx';
import {
  failure,
  formString,
  optionalFormString,
  readForm,
  redirectWithCookies,
  returnPathFrom,
} from '../features/forms/submission.ts';
import { seoMeta } from '../features/seo/meta.ts';
import type { Route } from './+types/auth';

function tabOf(request: Request): AuthTab {
  const path = new URL(request.url).pathname;
  return path === '/signup' ? 'signup' : path === '/confirm' ? 'confirm' : 'login';
}

/** /login, /signup and /confirm: one page, three tabs (spec part 1 §2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tab = tabOf(request);
  const returnTo = safeReturnPath(url.searchParams.get('returnTo'));
  if (tab === 'confirm') {
    if (!context.viewer) throw redirect('/signup');
    const session = await context.api<{ user: SessionUser | null }>('/api/session');
    if (session.data.user?.profileConfirmed) throw redirect(returnTo);
  } else if (context.viewer) {
    throw redirect(returnTo);
  }
  const [providers, captcha] = await Promise.all([
    context.api<{ providers: string[] }>('/api/auth/providers'),
    context.api<CaptchaConfig>('/api/captcha/config'),
  ]);
  return data({
    tab,
    returnTo,
    providers: providers.data.providers,
    captcha: captcha.data,
    referralCode: url.searchParams.get('ref') ?? url.searchParams.get('referralCode') ?? '',
    externalError: url.searchParams.get('error') === 'external',
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = formString(form, 'intent');
  const body =
    intent === 'signup'
      ? ({
          email: formString(form, 'email'),
          password: formString(form, 'password'),
          firstName: formString(form, 'firstName'),
          lastName: formString(form, 'lastName'),
          referralCode: optionalFormString(form, 'referralCode'),
          captcha: formString(form, 'captcha'),
          termsAccepted: formString(form, 'terms') === 'true',
          locale: formString(form, 'locale') || 'es',
        } satisfies SignupBody)
      : intent === 'confirm'
        ? ({
            email: formString(form, 'email'),
            firstName: formString(form, 'firstName'),
            lastName: formString(form, 'lastName'),
            termsAccepted: formString(form, 'terms') === 'true',
            // Passwords keep their spaces; absent, the API asks for it only when it is needed.
            currentPassword: formString(form, 'currentPassword') || undefined,
          } satisfies ConfirmSignupBody)
        : ({ email: formString(form, 'email'), password: formString(form, 'password') } satisfies LoginBody);
  const path =
    intent === 'signup' ? '/api/auth/signup' : intent === 'confirm' ? '/api/auth/confirm' : '/api/auth/login';
  const result = await context.api(path, { method: 'POST', body });
  if (result.status >= 400) return failure(result);
  return redirectWithCookies(returnPathFrom(form), result);
}

export const meta: Route.MetaFunction = (args) => {
  const tab = args.data?.tab ?? 'login';
  return seoMeta(args, { titleKey: `auth.${tab}.title`, noindex: tab === 'confirm' });
};

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  return <AuthPage {...loaderData} errors={actionData?.errors} />;
}
