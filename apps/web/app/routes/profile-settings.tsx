import type { ProfileSettingsBody } from '@hora/core/validation';
import { data } from 'react-router';
import { ProfileSettingsForm } from '../features/account/profile-settings-form.tsx';
import { failure, formString, readForm } from '../features/forms/submission.ts';
import { requireViewer } from '../features/routing/access.ts';
import { seoMeta } from '../features/seo/meta.ts';
import { useRootData } from '../features/shell/use-root-data.ts';
import type { Route } from './+types/profile-settings';

/** /profile-settings (auth-only). The picture is uploaded by the browser itself; this saves the texts. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireViewer(request, context);
  const form = await readForm(request);
  const body = {
    firstName: formString(form, 'firstName'),
    lastName: formString(form, 'lastName'),
    bio: formString(form, 'bio'),
    instagram: formString(form, 'instagram'),
    tiktok: formString(form, 'tiktok'),
  } satisfies ProfileSettingsBody;
  const result = await context.api('/api/account/profile', { method: 'PATCH', body });
  if (result.status >= 400) return failure(result);
  return data({ saved: true as const });
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { titleKey: 'account.profileSettings.title', noindex: true });

export default function ProfileSettings({ actionData }: Route.ComponentProps) {
  const { viewer } = useRootData();
  if (!viewer) return null;
  return <ProfileSettingsForm user={viewer} answer={actionData} />;
}
