/**
 * Which error each field shows. A rule the browser checks speaks once the field has been touched
 * (spec part 2 §5.1); otherwise the server's answer to the last submit stays, until the person
 * edits that field ("email already taken" no longer applies to a different email).
 */
export function visibleFieldErrors(
  client: Readonly<Record<string, string>>,
  touched: ReadonlySet<string>,
  server: Readonly<Record<string, string>> | undefined,
  editedSinceSubmit: ReadonlySet<string> = new Set(),
): Record<string, string> {
  const visible: Record<string, string> = {};
  for (const [field, key] of Object.entries(server ?? {})) {
    if (!editedSinceSubmit.has(field)) visible[field] = key;
  }
  for (const [field, key] of Object.entries(client)) {
    if (touched.has(field)) visible[field] = key;
  }
  return visible;
}
