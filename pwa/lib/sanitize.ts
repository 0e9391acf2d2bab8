// HTML from the server (descriptions, reviews, about, category content, ads) is sanitised before display.
import DOMPurify from 'dompurify';

let hooked = false;
function purifier() {
  if (!hooked) {
    // Links that open a new tab must not hand the opener to the other site.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
        const rel = new Set((node.getAttribute('rel') ?? '').split(/\s+/).filter(Boolean));
        rel.add('noopener');
        rel.add('noreferrer');
        node.setAttribute('rel', [...rel].join(' '));
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, { ADD_ATTR: ['target'] });
}

/** Ad code: script tags are stripped; iframes stay (ad networks serve through them), sandboxed. */
export function sanitizeAdHtml(html: string): string {
  return purifier().sanitize(html, {
    ADD_TAGS: ['iframe'],
    ADD_ATTR: ['target', 'allow', 'allowfullscreen', 'frameborder', 'scrolling', 'sandbox'],
    FORBID_TAGS: ['script', 'style'],
  });
}
