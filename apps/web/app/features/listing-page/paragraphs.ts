/**
 * A host's text as paragraphs: blank lines separate them, single line breaks stay inside one
 * (the page shows them with `white-space: pre-line`); empty paragraphs are dropped.
 */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}
