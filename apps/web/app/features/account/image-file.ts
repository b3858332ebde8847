import type { Validation } from '../forms/use-validation.ts';

/**
 * The check before an avatar upload (spec part 2 §5.2: JPG, GIF or PNG, at most 20 MB), so a wrong
 * file is refused at once instead of after sending 20 MB. The server checks the content again.
 * Returns the message key of the problem, or null.
 */
export function imageFileError(file: { type: string; size: number }, validation: Validation): string | null {
  const result = validation.validate(validation.imageFileSchema, { type: file.type, size: file.size });
  if (result.ok) return null;
  return result.errors.type ?? result.errors.size ?? 'validation.invalid';
}
