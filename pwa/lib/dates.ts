// "Nov 23, 2026": a day as the pages show it (review dates, "Last updated"), in UTC so the server's HTML and
// the browser's hydration agree. Written out rather than with Intl.DateTimeFormat: a page's first Intl
// formatter loads the locale data, 50 ms of main thread on a fast machine, 200 ms on a phone.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatDay(iso: string): string {
  const d = new Date(iso);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** "3 min ago", "5 h ago", "2 days ago": how old a health check is, from `now`. */
export function timeAgo(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

/** "10:42" UTC: the time of a snapshot (the offline copy's health). */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')} UTC`;
}

/** "Nov 23, 2026, 10:42 UTC": when something was done (the admin panel's lists). */
export const formatDateTime = (iso: string) => `${formatDay(iso)}, ${formatTime(iso)}`;
