import type { ContactDetailsBody } from '@hora/core/validation';
import { data } from 'react-router';
import { INTENT, RESEND_VERIFICATION, resendVerificationEmail } from '../features/account/account-actions.ts';
import { ContactDetailsForm } from '../features/account/contact-details-form.tsx';
import { parsePhoneNumber } from '../features/account/phone-number.ts';
import { failure, formString, readForm } from '../features/forms/submission.ts';
import { requireViewer } from '../features/routing/access.ts';
import { seoMeta } from '../features/seo/meta.ts';
import { useRootData } from '../features/shell/use-root-data.ts';
import type { Route } from './+types/account-contact-details';

/** /account/contact-details (auth-only): email, phone, and the verification link of a new email. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireViewer(request, context);
  const form = await readForm(request);
  if (formString(form, INTENT) === RESEND_VERIFICATION) return resendVerificationEmail(context);
  const body = {
    email: formString(form, 'email').trim(),
    phoneNumber: parsePhoneNumber(formString(form, 'phoneNumber')),
    // Only in the form when the email changes (the API checks it then); passwords keep their spaces.
    currentPassword: formString(form, 'currentPassword') || undefined,
  } satisfies ContactDetailsBody;
  const result = await context.api('/api/account/contact-details', { method: 'PATCH', body });
  if (result.status >= 400) return failure(result);
  return data({ saved: true as const });
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { titleKey: 'account.contactDetails.title', noindex: true });

export default function AccountContactDetails({ actionData }: Route.ComponentProps) {
  const { viewer } = useRootData();
  if (!viewer) return null;
  const answer = actionData && !('sent' in actionData) ? actionData : undefined;
  return <ContactDetailsForm user={viewer} answer={answer} />;
}
