import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { unisolatedQuantities } from '../../web/src/test/bidi';
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD } from './credentials';

export const baseUrl = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
export const language = (process.env.E2E_LANGUAGE ?? 'en') as 'en' | 'ar';
export const isArabic = language === 'ar';
export const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
export const credentials = {
  admin: { username: 'admin', password: E2E_ADMIN_PASSWORD },
  demoAdmin: { username: 'demo.admin', password: E2E_DEMO_PASSWORD },
  demoUser: { username: 'demo.user', password: E2E_DEMO_PASSWORD },
};

let browser: Browser | undefined;

/** One Chromium per spec file (Debian's /usr/bin/chromium, no downloaded browser). */
export async function launch(): Promise<Browser> {
  browser ??= await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

/** A fresh browser context (own local storage) with the run's language chosen before the app loads. */
export async function newContext(): Promise<BrowserContext> {
  const context = await (await launch()).newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 850 }, locale: isArabic ? 'ar-SA' : 'en-US' });
  await context.addInitScript((lang) => {
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', lang);
  }, language);
  return context;
}

/** Signs in through the login form and waits for the signed-in layout. */
export async function signIn(page: Page, user: { username: string; password: string }, options: { rememberMe?: boolean } = {}): Promise<void> {
  await page.goto('/');
  await page.getByTestId('login-username').fill(user.username);
  await page.getByTestId('login-password').fill(user.password);
  if (options.rememberMe) await page.getByTestId('login-remember').check();
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor({ state: 'visible' });
}

/**
 * Opens the user menu and waits until its dropdown has finished its opening motion, as a person sees it open before
 * clicking. Clicking an item at once was lost about once in ten Arabic help runs (the menu open, the page unchanged);
 * with this wait, 12 runs in a row passed.
 */
export async function openUserMenu(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-panel').waitFor({ state: 'visible' });
  await page.waitForFunction(() => document.querySelector('.ant-dropdown[class*="-enter"], .ant-dropdown[class*="-appear"]') === null);
}

/**
 * Saves a screenshot under e2e/artifacts/<language>-<name>.png for a person to look at. In Arabic it first checks the
 * screen's quantities in the page (`unisolatedQuantities`, the web tests' own check), so every screen a spec looks at
 * is swept.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (isArabic) {
    const loose = await page.locator('body').evaluate(unisolatedQuantities);
    if (loose.length > 0) throw new Error(`${name}: quantities outside an isolate read 'MT 1,234.500' in Arabic: ${JSON.stringify(loose.slice(0, 5))}`);
  }
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${language}-${name}.png`), fullPage: true });
}

/** Calls the API directly (setup steps that have no screen yet). */
export async function api<T>(method: string, url: string, options: { token?: string; body?: unknown; agencyId?: number } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.agencyId ? { 'x-agency-id': String(options.agencyId) } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Signs in through the API and returns the token. */
export async function apiToken(user: { username: string; password: string }): Promise<string> {
  const { status, body } = await api<{ token: string }>('POST', '/api/auth/login', { body: { username: user.username, password: user.password } });
  if (status !== 200) throw new Error(`API sign-in of ${user.username} failed with ${status}`);
  return body.token;
}

/** Opens an antd select, optionally types to search, picks the option containing `option`, and waits for the list to close. */
export async function pick(page: Page, testId: string, option: string, typed?: string): Promise<void> {
  await page.getByTestId(testId).click();
  if (typed) await page.keyboard.type(typed);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
}

/**
 * Resolves once the page's socket of the agency (the one the dashboard's flags listen on) has its Socket.IO connect
 * acknowledged, i.e. it is in the agency's room. The acknowledgement ('40{"sid":...}') comes over long-polling or,
 * once upgraded, over the WebSocket: both are watched, from before the page opens.
 */
export function agencySocketConnected(page: Page, timeoutMs = 30_000): Promise<void> {
  const acknowledges = (payload: string) => payload.split('\x1e').some((packet) => packet.startsWith('40{'));
  const ofAgency = (url: string) => new URL(url).searchParams.has('agencyId');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the page's agency socket was not connected within ${timeoutMs} ms`)), timeoutMs);
    const connected = () => {
      clearTimeout(timer);
      resolve();
    };
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/socket.io/') || url.searchParams.get('transport') !== 'polling' || !ofAgency(response.url())) return;
      if (response.request().method() !== 'GET') return;
      response.text().then(
        (body) => {
          if (acknowledges(body)) connected();
        },
        () => undefined,
      );
    });
    page.on('websocket', (socket) => {
      if (!ofAgency(socket.url())) return;
      socket.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && acknowledges(frame.payload)) connected();
      });
    });
  });
}
