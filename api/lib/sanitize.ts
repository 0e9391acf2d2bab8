// The one server-side sanitiser. Every stored HTML field passes through an allow-list here when it is
// written, so no script, event handler or javascript: URL can reach a page; uploaded SVGs too.
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

// SVG: shapes, text, gradients, filters and styles. Not allowed: script, foreignObject (HTML inside),
// animation elements (they can rewrite attributes such as href), <a> (unwrapped), and any reference that leaves
// the document (only "#fragment" and embedded raster data: images survive).
const SVG_TAGS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'title',
  'desc',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'image',
  'style',
  'switch',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
];
const SVG_ATTRIBUTES = [
  'id',
  'class',
  'style',
  'xmlns',
  'xmlns:xlink',
  'xml:space',
  'version',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'd',
  'points',
  'pathLength',
  'transform',
  'href',
  'xlink:href',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'color',
  'display',
  'visibility',
  'overflow',
  'clip-path',
  'clip-rule',
  'clipPathUnits',
  'mask',
  'maskUnits',
  'maskContentUnits',
  'filter',
  'filterUnits',
  'primitiveUnits',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'marker-start',
  'marker-mid',
  'marker-end',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'vector-effect',
  'shape-rendering',
  'text-rendering',
  'image-rendering',
  'paint-order',
  'mix-blend-mode',
  'isolation',
  'enable-background',
  'color-interpolation-filters',
  'stdDeviation',
  'in',
  'in2',
  'result',
  'mode',
  'type',
  'values',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  'baseFrequency',
  'numOctaves',
  'seed',
  'stitchTiles',
  'scale',
  'xChannelSelector',
  'yChannelSelector',
  'radius',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'order',
  'kernelMatrix',
  'divisor',
  'bias',
  'targetX',
  'targetY',
  'edgeMode',
  'preserveAlpha',
  'surfaceScale',
  'diffuseConstant',
  'specularConstant',
  'specularExponent',
  'azimuth',
  'elevation',
  'pointsAtX',
  'pointsAtY',
  'pointsAtZ',
  'limitingConeAngle',
  'z',
  'requiredFeatures',
  'systemLanguage',
];
const INTERNAL_REFERENCE = /^#[^\s]*$/;
const EMBEDDED_RASTER = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

const svgOptions: IOptions = {
  parser: { xmlMode: true }, // keeps camelCase names (viewBox, linearGradient) and XML syntax
  allowedTags: SVG_TAGS,
  allowedAttributes: { '*': SVG_ATTRIBUTES },
  allowedSchemes: [],
  allowedSchemesByTag: { image: ['data'] },
  allowProtocolRelative: false,
  // Text outside allowed elements goes too (e.g. the tail of a doctype's internal subset).
  disallowedTagsMode: 'completelyDiscard',
  // Never self-close on output: every element gets an explicit end tag, which is always valid XML.
  selfClosing: [],
  // Dropped with everything inside them, not just unwrapped.
  nonTextTags: [
    'script',
    'foreignObject',
    'metadata',
    'animate',
    'animateMotion',
    'animateTransform',
    'set',
    'iframe',
    'noscript',
  ],
  allowVulnerableTags: true, // <style> is allowed on purpose: the object is served with a CSP that blocks loads
  transformTags: {
    '*': (tagName, attribs) => {
      const kept = { ...attribs };
      for (const name of ['href', 'xlink:href']) {
        const value = kept[name]?.trim();
        if (value === undefined) continue;
        const allowed = INTERNAL_REFERENCE.test(value) || (tagName === 'image' && EMBEDDED_RASTER.test(value));
        if (!allowed) delete kept[name];
      }
      return { tagName, attribs: kept };
    },
  },
};

/** Sanitises an SVG document; returns undefined when nothing with an <svg> root is left. */
export function sanitizeSvg(svg: string): string | undefined {
  const clean = sanitizeHtml(svg, svgOptions).trim();
  return /^<svg[\s>]/.test(clean) ? clean : undefined;
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
