// Draws the installed app's icons (public/icons/, named in public/manifest.webmanifest) from the site's logo,
// public/favicon.svg, with Debian's Chromium: 192 and 512 px as the logo is, and a maskable 512 px whose leaf
// sits within the central 80% safe zone on the logo's green. Run again when the logo changes:
// node scripts/pwa-icons.mjs
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const logo = readFileSync('public/favicon.svg', 'utf8');
const green = /fill="(#[0-9a-f]{6})"/i.exec(logo)?.[1] ?? '#166534';
const dataUrl = (svg) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const ICONS = [
  { file: 'icon-192.png', size: 192, html: (s) => `<img src="${dataUrl(logo)}" width="${s}" height="${s}">` },
  { file: 'icon-512.png', size: 512, html: (s) => `<img src="${dataUrl(logo)}" width="${s}" height="${s}">` },
  {
    file: 'icon-maskable-512.png',
    size: 512,
    // The logo's own rounded square, scaled to 70% on a full-bleed background of its colour.
    html: (s) =>
      `<div style="width:${s}px;height:${s}px;background:${green};display:flex;align-items:center;justify-content:center">` +
      `<img src="${dataUrl(logo)}" width="${Math.round(s * 0.7)}" height="${Math.round(s * 0.7)}"></div>`,
  },
];

mkdirSync('public/icons', { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const { file, size, html } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<body style="margin:0;background:transparent">${html(size)}</body>`);
    await page.screenshot({ path: `public/icons/${file}`, omitBackground: true });
    await page.close();
    console.log(`public/icons/${file}`);
  }
} finally {
  await browser.close();
}
