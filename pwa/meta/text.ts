// Text helpers of the page metadata: cutting to a length, the first non-blank value, and the plain text of an HTML
// fragment (an about page's or an editorial review's content as a description).

/** Cuts text to at most `max` characters, ending with an ellipsis when something was cut. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max - 1).trimEnd()}…`;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of an HTML fragment (tags dropped, script/style bodies dropped, common entities decoded). */
export function stripHtml(html: string): string {
  return (
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      // Block-level tags separate words; inline ones (<b>, <a>…) sit inside them.
      .replace(
        /<\/?(p|div|br|hr|li|ul|ol|h[1-6]|blockquote|pre|table|tr|td|th|section|article|header|footer)\b[^>]*>/gi,
        ' ',
      )
      .replace(/<[^>]*>/g, '')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
        if (ref[0] !== '#') return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
        const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      })
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The first value that is not blank, trimmed ('' when none is). */
export const nonEmpty = (...values: (string | null | undefined)[]) => values.map((v) => v?.trim()).find((v) => v) ?? '';
