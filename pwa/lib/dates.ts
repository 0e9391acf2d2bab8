// "Nov 23, 2026": a day as the pages show it (review dates, "Last updated"), in UTC so the server's HTML and
// the browser's hydration agree. Written out rather than with Intl.DateTimeFormat: a page's first Intl
// formatter loads the locale data, 50 ms of main thread on a fast machine, 200 ms on a phone.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatDay(iso: string): string {
  const d = new Date(iso);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}
