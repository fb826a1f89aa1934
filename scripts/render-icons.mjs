// Renders app/icon.svg into the PNG icons and favicon.ico the browsers and the manifest ask for.
// Run after changing the mark: node scripts/render-icons.mjs (uses Debian's chromium).
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const svg = fs.readFileSync('app/icon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage();

async function render(size, { maskable = false } = {}) {
  // A maskable icon keeps its drawing inside the middle 80% (the safe zone), on a full-bleed background.
  const body = maskable
    ? `<div style="width:${size}px;height:${size}px;background:#93550d;display:flex;align-items:center;justify-content:center"><div style="width:${size * 0.8}px;height:${size * 0.8}px">${svg}</div></div>`
    : `<div style="width:${size}px;height:${size}px">${svg}</div>`;
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${body.replace('<svg ', '<svg width="100%" height="100%" ')}</body></html>`);
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

fs.writeFileSync('public/icons/icon-192.png', await render(192));
fs.writeFileSync('public/icons/icon-512.png', await render(512));
fs.writeFileSync('public/icons/icon-maskable-512.png', await render(512, { maskable: true }));
fs.writeFileSync('app/apple-icon.png', await render(180, { maskable: true }));

// favicon.ico holding one 32×32 PNG (ICO allows PNG entries since Windows Vista; every browser reads it).
const png = await render(32);
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6);
header.writeUInt8(32, 7);
header.writeUInt16LE(1, 10);
header.writeUInt16LE(32, 12);
header.writeUInt32LE(png.length, 14);
header.writeUInt32LE(22, 18);
fs.writeFileSync('app/favicon.ico', Buffer.concat([header, png]));
await browser.close();
