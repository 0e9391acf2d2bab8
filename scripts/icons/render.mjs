// Renders the app icons (public/icons/*.png) from the SVG drawings beside this script with the system
// Chromium: `node scripts/icons/render.mjs`. Run it after changing a drawing and commit the PNGs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const here = import.meta.dirname;
const out = path.resolve(here, '../../public/icons');
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
  for (const [source, target, size] of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const svg = readFileSync(path.join(here, source), 'utf8').replace(
      '<svg ',
      `<svg width="${size}" height="${size}" `,
    );
    await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
    // Transparent outside the rounded square; the maskable one is full-bleed anyway.
    await page.screenshot({ path: path.join(out, target), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
