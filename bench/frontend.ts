import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from '@playwright/test';

/**
 * Front-end figures of `npm run bench`, from the production build in Chromium: the JavaScript a
 * first visit downloads (the scripts its HTML names, each gzipped here at level 9, so
 * the figure does not depend on the server's compression) and the Largest Contentful Paint of
 * /dashboard for a signed-in coach. Measuring in the browser counts exactly what the page loads,
 * whatever Next's manifests look like in a given version.
 */
export interface FrontEndResult {
  firstLoadJsGzipKb: Record<'login' | 'dashboard', number>;
  /** Code of other routes Next prefetched after the load event (not part of the first load). */
  prefetchedJsGzipKb: Record<'login' | 'dashboard', number>;
  scripts: Record<'login' | 'dashboard', number>;
  heaviestScripts: { page: string; url: string; gzipKb: number }[];
  lcpMs: {
    dashboard: number;
    dashboardRuns: number[];
    /** The same for the coach with 1,000 clients (issue 19), when one was given. */
    bigCoach?: number;
    bigCoachRuns?: number[];
  };
}

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SETTLE_MS = 1_500;

/** The LCP candidates as they come; the last one before input is the page's LCP. */
const OBSERVE_LCP = `
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.renderTime || entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/** Every script the page fetched so far (nomodule polyfills, which Chromium skips, are not among them). */
async function fetchedScripts(page: Page): Promise<string[]> {
  return page.evaluate(() => [...new Set(performance.getEntriesByType('resource').map((e) => e.name))].filter((name) => new URL(name).pathname.endsWith('.js')));
}

/**
 * Splits the fetched scripts into the page's first load, the chunks its server HTML names (script
 * tags and the client components of the inline RSC payload, as Next's own "First Load JS"
 * counts), and the rest: code of linked routes Next prefetches once the page is up (the admin
 * portal link of /login fetches the admin dashboard's charts), which later pages will use.
 */
async function splitScripts(page: Page, cookie: string) {
  const html = await (await fetch(page.url(), { headers: { cookie, 'x-forwarded-for': '10.250.0.2' } })).text();
  const noModule = new Set([...html.matchAll(/<script[^>]*src="([^"]+)"[^>]*noModule/g)].map((m) => m[1]));
  const named = new Set([...html.matchAll(/(?:\/_next\/)?(static\/[^"\\]+?\.js)/g)].map((m) => `/_next/${m[1]}`).filter((p) => !noModule.has(p)));
  const fetched = await fetchedScripts(page);
  return {
    firstLoad: fetched.filter((url) => named.has(new URL(url).pathname)),
    prefetched: fetched.filter((url) => !named.has(new URL(url).pathname)),
  };
}

async function gzipSizes(urls: string[], cookie: string): Promise<{ url: string; bytes: number }[]> {
  return Promise.all(
    urls.map(async (url) => {
      const res = await fetch(url, { headers: { cookie } });
      const body = Buffer.from(await res.arrayBuffer());
      return { url, bytes: gzipSync(body, { level: 9 }).length };
    }),
  );
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

interface Credentials {
  email: string;
  password: string;
}

async function signIn(page: Page, coach: Credentials): Promise<void> {
  await page.getByLabel('Email').fill(coach.email);
  await page.getByLabel('Password').fill(coach.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard', { timeout: 30_000 });
}

/** Opens /dashboard `runs` times, each in a fresh tab with the cache disabled (the session stays); `first` sees the first tab before it closes. */
async function dashboardLcp(context: BrowserContext, baseUrl: string, runs: number, first?: (tab: Page) => Promise<void>): Promise<number[]> {
  const lcpRuns: number[] = [];
  for (let i = 0; i < runs; i++) {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await tab.addInitScript(OBSERVE_LCP);
    const clientsLoaded = tab.waitForResponse((r) => r.url().includes('/api/coach/clients'), { timeout: 30_000 });
    await tab.goto(`${baseUrl}/dashboard`, { waitUntil: 'load' });
    await clientsLoaded;
    await tab.waitForTimeout(SETTLE_MS);
    lcpRuns.push(Math.round(await tab.evaluate(() => (window as unknown as { __lcp: number }).__lcp)));
    if (i === 0 && first) await first(tab);
    await tab.close();
  }
  return lcpRuns;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureFrontEnd(baseUrl: string, coach: Credentials, runs = 3, bigCoach?: Credentials): Promise<FrontEndResult> {
  const browser = await chromium.launch({ executablePath: EXECUTABLE });
  try {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.250.0.1' } });
    const page = await context.newPage();

    await page.goto(`${baseUrl}/login`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForTimeout(SETTLE_MS);
    const loginScripts = await splitScripts(page, '');
    const login = await gzipSizes(loginScripts.firstLoad, '');
    const loginPrefetched = await gzipSizes(loginScripts.prefetched, '');

    await signIn(page, coach);

    let dashboard: { url: string; bytes: number }[] = [];
    let dashboardPrefetched: { url: string; bytes: number }[] = [];
    const lcpRuns = await dashboardLcp(context, baseUrl, runs, async (tab) => {
      const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      const scripts = await splitScripts(tab, cookie);
      dashboard = await gzipSizes(scripts.firstLoad, cookie);
      dashboardPrefetched = await gzipSizes(scripts.prefetched, cookie);
    });

    // The big coach in a context of its own (its own session cookies), measured the same way.
    let bigCoachRuns: number[] | undefined;
    if (bigCoach) {
      const bigContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.250.0.3' } });
      const bigPage = await bigContext.newPage();
      await bigPage.goto(`${baseUrl}/login`, { waitUntil: 'load' });
      await signIn(bigPage, bigCoach);
      bigCoachRuns = await dashboardLcp(bigContext, baseUrl, runs);
      await bigContext.close();
    }
    const sum = (list: { bytes: number }[]) => kb(list.reduce((total, s) => total + s.bytes, 0));
    const heaviest = [...login.map((s) => ({ page: '/login', ...s })), ...dashboard.map((s) => ({ page: '/dashboard', ...s }))]
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 8)
      .map((s) => ({ page: s.page, url: new URL(s.url).pathname, gzipKb: kb(s.bytes) }));
    return {
      firstLoadJsGzipKb: { login: sum(login), dashboard: sum(dashboard) },
      prefetchedJsGzipKb: { login: sum(loginPrefetched), dashboard: sum(dashboardPrefetched) },
      scripts: { login: login.length, dashboard: dashboard.length },
      heaviestScripts: heaviest,
      lcpMs: { dashboard: median(lcpRuns), dashboardRuns: lcpRuns, ...(bigCoachRuns ? { bigCoach: median(bigCoachRuns), bigCoachRuns } : {}) },
    };
  } finally {
    await browser.close();
  }
}
