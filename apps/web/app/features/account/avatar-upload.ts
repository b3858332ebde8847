import type { AvatarVariants } from '@hora/core/session';
import { formErrorsFrom } from '../forms/api-errors.ts';

export const AVATAR_UPLOAD_PATH = '/api/account/avatar';

export type AvatarUploadResult = { ok: true; avatar: AvatarVariants } | { ok: false; error: string };

/**
 * Sends the picture straight from the browser (a multipart body would not fit through a form
 * action without reading 20 MB into the web server first). Same origin, so the session cookie goes
 * along and the API's cross-site check passes. Never throws: a failure is a message key.
 */
export async function uploadAvatar(file: Blob, send: typeof fetch = fetch): Promise<AvatarUploadResult> {
  const body = new FormData();
  body.append('image', file);
  let response: Response;
  try {
    response = await send(AVATAR_UPLOAD_PATH, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
  } catch {
    return { ok: false, error: 'account.profileSettings.avatar.networkError' };
  }
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const variants = (data as { image?: { variants?: AvatarVariants } } | null)?.image?.variants;
    return variants ? { ok: true, avatar: variants } : { ok: false, error: 'errors.api.generic' };
  }
  // The API's 401 text is the log-in failure; here it means the session ended in another tab.
  if (response.status === 401) return { ok: false, error: 'account.sessionExpired' };
  const errors = formErrorsFrom({ status: response.status, data });
  return { ok: false, error: errors.form ?? Object.values(errors.fields)[0] ?? 'errors.api.generic' };
}
