import { data, redirect } from 'react-router';
import { formString, readForm } from '../features/forms/submission.ts';
import {
  SANDBOX_INTENT,
  type SandboxLink,
  SandboxOnboardingPage,
} from '../features/payouts/sandbox-onboarding-page.tsx';
import { requireViewer } from '../features/routing/access.ts';
import { seoMeta } from '../features/seo/meta.ts';
import type { Route } from './+types/sandbox-connect';

type LinkAnswer = { data: SandboxLink & { state: 'open' | 'expired' | 'used'; refreshUrl: string } };

/**
 * /sandbox/connect/:linkId: the payments sandbox's hosted onboarding (what an account link opens).
 * A used or expired link goes to its refresh URL, as Stripe's do; someone else's is not found.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireViewer(request, context);
  const link = await context.api<LinkAnswer>(
    `/api/payouts/sandbox/account-links/${encodeURIComponent(params.linkId)}`,
  );
  if (link.status >= 400) throw data(null, { status: link.status === 400 ? 404 : link.status });
  const { state, refreshUrl, ...shown } = link.data.data;
  if (state !== 'open') throw redirect(refreshUrl);
  return shown;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireViewer(request, context);
  const outcome = formString(await readForm(request), SANDBOX_INTENT) === 'complete' ? 'complete' : 'fail';
  const finished = await context.api<{ data: { redirectUrl: string } }>(
    `/api/payouts/sandbox/account-links/${encodeURIComponent(params.linkId)}/${outcome}`,
    { method: 'POST' },
  );
  if (finished.status >= 400) throw data(null, { status: finished.status === 400 ? 404 : finished.status });
  return redirect(finished.data.data.redirectUrl);
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { titleKey: 'payouts.sandbox.pageTitle', noindex: true });

export default function SandboxConnect({ loaderData }: Route.ComponentProps) {
  return <SandboxOnboardingPage link={loaderData} />;
}
