// Renders the default social-sharing images (Open Graph 1200×630, Twitter 600×314) from HTML with
// Chromium. Run when the brand changes: `npx tsx scripts/render-social-images.ts`; the PNGs are
// committed under apps/web/public/social/.
import path from 'node:path';
import { launchBrowser } from '../e2e/support/chromium.ts';

const out = path.join(import.meta.dirname, '..', 'apps', 'web', 'public', 'social');

function card(scale: number): string {
  return `<!doctype html><html><body style="margin:0">
  <div style="width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;
    padding:0 96px;box-sizing:border-box;font-family:system-ui,sans-serif;color:#fff;
    background:linear-gradient(135deg,#0f766e 0%,#134e4a 100%);transform:scale(${scale});transform-origin:0 0">
    <div style="display:flex;align-items:center;gap:24px;margin-bottom:40px">
      <svg width="96" height="96" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#fff"/>
        <path d="M16 8v8l5 3" stroke="#0f766e" stroke-width="3" stroke-linecap="round" fill="none"/></svg>
      <span style="font-size:72px;font-weight:800">Hora</span>
    </div>
    <div style="font-size:64px;font-weight:800;line-height:1.1">Espacios por horas</div>
    <div style="font-size:36px;opacity:.9;margin-top:20px">Salas · Cocinas · Gimnasios · Estudios · Terrazas</div>
  </div></body></html>`;
}

const browser = await launchBrowser();
for (const [name, width, height] of [
  ['facebook-1200x630.png', 1200, 630],
  ['twitter-600x314.png', 600, 314],
] as const) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(card(width / 1200));
  await page.screenshot({ path: path.join(out, name) });
  await page.close();
}
await browser.close();
