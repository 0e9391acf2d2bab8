// Text put into the server's own HTML and XML pages (error pages, the sign-in pages, the sitemap): the five
// characters that could end an element or an attribute, written as references (valid in HTML and in XML).

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
