// Rating display rules: 5 stars with half-star partial fill, values shown to one decimal.
export const STAR_COUNT = 5;

export type StarFill = 'full' | 'half' | 'empty';

/** Ratings may arrive as strings (numeric columns); anything unparsable counts as 0. */
export function toRating(value: number | string | null | undefined): number {
  const n = typeof value === 'string' ? Number.parseFloat(value) : (value ?? 0);
  return Number.isFinite(n) ? Math.min(Math.max(n, 0), STAR_COUNT) : 0;
}

export function formatRating(value: number | string | null | undefined): string {
  return toRating(value).toFixed(1);
}

/** Star i is full below the whole part, half when the fraction is at least .5, else empty. */
export function starFills(value: number | string | null | undefined): StarFill[] {
  const r = toRating(value);
  const whole = Math.floor(r);
  const half = r - whole >= 0.5;
  return Array.from({ length: STAR_COUNT }, (_, i) => (i < whole ? 'full' : i === whole && half ? 'half' : 'empty'));
}

export function pluralize(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** "(N review(s))" of the provider card and pages. */
export function reviewCountLabel(n: number): string {
  return `(${pluralize(n, 'review')})`;
}
