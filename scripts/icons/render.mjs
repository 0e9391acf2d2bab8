// Renders the app icons (public/icons/*.png, and public/favicon.ico for browsers and tools that ask for it on
// pages that name no icon) from the SVG drawings beside this script with the system Chromium:
// `node scripts/icons/render.mjs`. Run it after changing a drawing and commit the results.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const here = import.meta.dirname;
const out = path.resolve(here, '../../public/icons');
/** favicon.ico: these sizes, each a PNG inside the ICO container (every current browser reads PNG entries). */
const FAVICON_SIZES = [16, 32, 48];

/** An ICO file holding `pngs` (size → PNG bytes): a 6-byte header, a 16-byte entry per image, then the images. */
function icoOf(pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type 1: icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const entries = pngs.map(([size, png]) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0); // width and height; 0 would mean 256
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs.map(([, png]) => png)]);
}

async function render(browser, source, size) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const svg = readFileSync(path.join(here, source), 'utf8').replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
  // Transparent outside the rounded square; the maskable one is full-bleed anyway.
  const png = await page.screenshot({ omitBackground: true });
  await page.close();
  return png;
}

const icons = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['icon-maskable.svg', 'icon-maskable-512.png', 512],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const [source, target, size] of icons)
    writeFileSync(path.join(out, target), await render(browser, source, size));
  const favicons = [];
  for (const size of FAVICON_SIZES) favicons.push([size, await render(browser, 'icon.svg', size)]);
  writeFileSync(path.resolve(here, '../../public/favicon.ico'), icoOf(favicons));
} finally {
  await browser.close();
}
