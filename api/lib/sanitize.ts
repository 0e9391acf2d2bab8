// The one server-side sanitiser. Every stored HTML field passes through an allow-list here when it is
// written, so no script, event handler or javascript: URL can reach a page; uploaded SVGs too (DOMPurify).
import sanitizeHtml, { type IOptions } from 'sanitize-html';

// What the admin's rich-text editor (TipTap: headings, lists, links, marks, code, images) produces,
// plus the few tags pasted content commonly carries. No style attributes: the site's CSS styles content.
const RICH_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'strike',
  'sub',
  'sup',
  'mark',
  'small',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'hr',
  'span',
  'div',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
];

const richOptions: IOptions = {
  allowedTags: RICH_TAGS,
  allowedAttributes: {
    '*': ['class', 'title'],
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    ol: ['start', 'type'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  // Links may go to the web or mail; images to the web or to our own uploads (relative "/objects/…").
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link opening a new tab must not hand the opener to the target page.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** Rich text (descriptions, editorial reviews, about, homepage and category texts). */
export function sanitizeRichHtml(html: string): string {
  if (!html.trim()) return ''; // most CSV cells are empty: skip the parser
  return sanitizeHtml(html, richOptions).trim();
}

/** sanitizeRichHtml for a field a partial update may leave out. */
export const sanitizeIfSent = (html: string | undefined) => (html === undefined ? undefined : sanitizeRichHtml(html));

const SAFE_CSS_VALUE = /^(?![\s\S]*(url|expression|image-set|javascript)\s*[(:])[-\w\s#%.,()+!/]*$/i;

// Ad networks' markup without their scripts: AdSense-style <ins data-…> slots, banners, and https iframes.
const adOptions: IOptions = {
  ...richOptions,
  allowedTags: [...RICH_TAGS, 'ins', 'iframe', 'picture', 'source', 'center'],
  allowedAttributes: {
    ...richOptions.allowedAttributes,
    '*': ['class', 'title', 'id', 'style', 'data-*', 'width', 'height', 'align'],
    iframe: [
      'src',
      'width',
      'height',
      'frameborder',
      'scrolling',
      'allow',
      'allowfullscreen',
      'loading',
      'referrerpolicy',
      'sandbox',
      'title',
    ],
    source: ['srcset', 'media', 'type'],
  },
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'], source: ['https'] },
  allowIframeRelativeUrls: false,
  // Slots need their box styles (AdSense: display and size); no value may load anything (no url(), no expression()).
  allowedStyles: {
    '*': Object.fromEntries(
      [
        'display',
        'width',
        'height',
        'min-width',
        'min-height',
        'max-width',
        'max-height',
        'margin',
        'margin-top',
        'margin-bottom',
        'margin-left',
        'margin-right',
        'padding',
        'text-align',
        'vertical-align',
        'float',
        'clear',
        'border',
        'border-radius',
        'color',
        'background-color',
        'font-size',
        'font-weight',
        'line-height',
        'overflow',
      ].map((property) => [property, [SAFE_CSS_VALUE]]),
    ),
  },
};

/** Ad code: scripts, event handlers and javascript: URLs stripped; the static markup stays. */
export function sanitizeAdCode(html: string): string {
  return sanitizeHtml(html, adOptions).trim();
}

// Uploaded SVGs: DOMPurify's SVG profile (with filter primitives) over jsdom's DOM, then written out as XML. The
// document is read with the HTML parser, as DOMPurify expects: a doctype's entities are never expanded, and text
// that would turn into markup when written out (a <style> holding "</style><script>") takes its element with it.
// A reference (href, xlink:href) may only point inside the document ("#id") or, on <image>, embed its picture
// (data:, which an image renders without scripts or loads).
// jsdom is loaded on the first SVG upload, not when the server starts.
const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
let svgCleaner: Promise<(svg: string) => string | undefined> | undefined;

async function loadSvgCleaner() {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
    // @ts-expect-error jsdom ships no type declarations (and @types/jsdom is not needed for this one call)
    import('jsdom'),
    import('dompurify'),
  ]);
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window);
  const serializer = new window.XMLSerializer();
  purify.addHook('uponSanitizeAttribute', (node, attribute) => {
    if (attribute.attrName !== 'href' && attribute.attrName !== 'xlink:href') return;
    const value = attribute.attrValue.trim();
    const embeddedImage = node.nodeName.toLowerCase() === 'image' && value.startsWith('data:');
    if (!value.startsWith('#') && !embeddedImage) attribute.keepAttr = false;
  });
  return (svg: string) => {
    // RETURN_DOM: the <body> the document was read into.
    const body = purify.sanitize(svg, {
      USE_PROFILES: { svg: true, svgFilters: true },
      RETURN_DOM: true,
    }) as HTMLElement;
    const root = body.firstElementChild;
    if (body.childElementCount !== 1 || root?.namespaceURI !== SVG_NAMESPACE || root.localName !== 'svg')
      return undefined;
    return serializer.serializeToString(root);
  };
}

/** Cleans an uploaded SVG document; undefined when what is left is not one (a single <svg> root). */
export async function sanitizeSvg(svg: string): Promise<string | undefined> {
  svgCleaner ??= loadSvgCleaner();
  return (await svgCleaner)(svg);
}

// An optional XML declaration, comments and a doctype, then the <svg> root element.
const SVG_ROOT =
  /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>/]/i;

/** True when the bytes are UTF-8 text whose root element is <svg> (SVG has no magic number to sniff). */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  let text: string;
  try {
    // stream: a multi-byte character cut at the 64 KB boundary is not an error.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 64 * 1024), { stream: true });
  } catch {
    return false;
  }
  return SVG_ROOT.test(text);
}
