/** What every email says, already translated; the layout only arranges and escapes it. */
export interface EmailParts {
  locale: string;
  marketplaceName: string;
  subject: string;
  greeting: string;
  intro: string;
  action: { label: string; url: string };
  linkHelp: string;
  outro: string;
  footer: string;
  /** Label and value rows under the intro (a booking, a receipt's lines). */
  details?: readonly { label: string; value: string }[];
  /** Someone's own words, quoted as they wrote them (a customer's first message). */
  quote?: { label: string; text: string };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe in text and in quoted attributes: names and addresses come from users. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/** Links in emails lead to our own pages; anything but http(s) is a bug, never something to send. */
function assertWebUrl(url: string): void {
  const { protocol } = new URL(url);
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error(`Email links must be http(s): ${url}`);
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
const MUTED = 'font-size:14px;line-height:1.5;color:#4b5563;';

/**
 * Table layout and inline styles because many email clients drop <style> and flexbox. Colours keep
 * a contrast of at least 4.5:1; the button is a real link, so it works with a keyboard and a screen
 * reader, and the address is repeated as text for clients that block styled links.
 */
export function renderHtmlLayout(parts: EmailParts): string {
  assertWebUrl(parts.action.url);
  const e = escapeHtml;
  const url = e(parts.action.url);
  return `<!doctype html>
<html lang="${e(parts.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(parts.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f6f7f9;">
<div role="article" aria-label="${e(parts.subject)}" lang="${e(parts.locale)}" style="${FONT}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f6f7f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background-color:#ffffff;border:1px solid #e5e7eb;border-radius:10px;">
<tr><td style="padding:24px 32px 0;${FONT}font-size:20px;font-weight:700;color:#0f766e;">${e(parts.marketplaceName)}</td></tr>
<tr><td style="padding:16px 32px 32px;${FONT}font-size:16px;line-height:1.5;color:#1f2937;">
<p style="margin:0 0 16px;">${e(parts.greeting)}</p>
<p style="margin:0 0 24px;">${e(parts.intro)}</p>
${renderHtmlExtras(parts)}<p style="margin:0 0 24px;"><a href="${url}" style="display:inline-block;padding:12px 24px;background-color:#0f766e;color:#ffffff;font-weight:600;text-decoration:none;border-radius:8px;">${e(parts.action.label)}</a></p>
<p style="margin:0 0 4px;${MUTED}">${e(parts.linkHelp)}</p>
<p style="margin:0 0 24px;${MUTED}word-break:break-all;"><a href="${url}" style="color:#0f766e;">${url}</a></p>
<p style="margin:0;${MUTED}">${e(parts.outro)}</p>
</td></tr>
</table>
<p style="margin:16px 0 0;${FONT}font-size:12px;line-height:1.5;color:#4b5563;">${e(parts.footer)}</p>
</td></tr>
</table>
</div>
</body>
</html>
`;
}

function renderHtmlExtras(parts: EmailParts): string {
  const e = escapeHtml;
  const rows = (parts.details ?? [])
    .map(
      (row) =>
        `<tr><td style="padding:4px 12px 4px 0;${MUTED}">${e(row.label)}</td><td style="padding:4px 0;text-align:right;font-weight:600;">${e(row.value)}</td></tr>`,
    )
    .join('\n');
  const table = rows
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px;border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb;">\n${rows}\n</table>\n`
    : '';
  const quote = parts.quote
    ? `<p style="margin:0 0 4px;${MUTED}">${e(parts.quote.label)}</p>\n<blockquote style="margin:0 0 24px;padding:8px 16px;border-left:4px solid #0f766e;white-space:pre-wrap;">${e(parts.quote.text)}</blockquote>\n`
    : '';
  return `${table}${quote}`;
}

/** The plain-text alternative: same words, the link written out in full. */
export function renderTextLayout(parts: EmailParts): string {
  assertWebUrl(parts.action.url);
  const details = (parts.details ?? []).map((row) => `${row.label}: ${row.value}`).join('\n');
  const quote = parts.quote
    ? `${parts.quote.label}\n${parts.quote.text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')}`
    : '';
  return [
    parts.greeting,
    parts.intro,
    ...(details ? [details] : []),
    ...(quote ? [quote] : []),
    `${parts.action.label}: ${parts.action.url}`,
    parts.outro,
    `-- \n${parts.marketplaceName}\n${parts.footer}`,
  ].join('\n\n');
}
