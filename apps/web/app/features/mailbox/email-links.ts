const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The links of an email, as a tester needs them outside the sandboxed preview (where nothing is
 * clickable): every href of the HTML and every URL of the text, once each, in order of appearance.
 * Only http(s): an email must never get a `javascript:` link onto our page.
 */
export function emailLinks(html: string, text: string): string[] {
  const fromHtml = [...html.matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((match) =>
    decodeEntities((match[1] ?? match[2] ?? '').trim()),
  );
  const fromText = [...text.matchAll(/https?:\/\/[^\s<>"']+/g)].map((match) =>
    match[0].replace(/[.,;:!?)\]]+$/, ''),
  );
  return [...new Set([...fromHtml, ...fromText])].filter(isWebUrl);
}
