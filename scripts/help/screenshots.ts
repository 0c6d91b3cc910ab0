/// <reference lib="dom" />
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { HelpLanguage } from '@tonnage/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Screenshot, ShotAction } from './model';
import { ROOT } from './documents';

/*
 * The guides' screenshots, taken in the document's language against a demo server started on a fresh embedded
 * database (as the e2e runner does: the demo agency, its season and its simulated weighbridges), signed in as the demo
 * agency's admin. Each picture is the browser's viewport at 1280 x 800, a JPEG, so the PDFs stay small.
 */

const PASSWORD = 'Help#Build2026';
const VIEWPORT = { width: 1280, height: 800 };
const JPEG_QUALITY = 70;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface DemoServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Builds the web app when its sources changed, then starts the server on a fresh embedded database with the demo data. */
export async function startDemoServer(): Promise<DemoServer> {
  const build = spawnSync('node', ['scripts/build-web-if-needed.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web app did not build');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tonnage-help-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn('node', ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl, ADMIN_PASSWORD: PASSWORD, DEMO_PASSWORD: PASSWORD, DATABASE_URL: '', SEED_DEMO: '1', LOG_LEVEL: 'warn' },
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Seeding the demo season takes a minute on a quiet machine, several on a busy one.
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the demo server exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the demo server did not start within 10 minutes');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return { baseUrl, stop };
}

/** A signed-in browser context of the demo admin in one language. */
export class ShotSession {
  private constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
    private readonly agencyId: string,
    private readonly language: HelpLanguage,
  ) {}

  static async open(browser: Browser, baseUrl: string, language: HelpLanguage): Promise<ShotSession> {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT, locale: language === 'ar' ? 'ar-SA' : 'en-US' });
    await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto('/');
    await page.getByTestId('login-username').fill('demo.admin');
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('sidebar').waitFor();
    const agencyId = /\/agencies\/(\d+)\//.exec(page.url())?.[1];
    if (!agencyId) throw new Error(`no agency in ${page.url()}`);
    return new ShotSession(context, page, agencyId, language);
  }

  private async act(action: ShotAction): Promise<void> {
    const { page } = this;
    if ('pick' in action) {
      await page.getByTestId(action.pick).click();
      if (action.typed) await page.keyboard.type(action.typed);
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: action.option }).first().click();
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
    } else if ('click' in action) {
      const scope = action.inRowWith ? page.locator('tr', { hasText: action.inRowWith }).first() : page;
      await scope.getByTestId(action.click).first().click();
    }
    else if ('clickSelector' in action) await page.locator(action.clickSelector).first().click();
    else if ('clickText' in action) await (action.within ? page.getByTestId(action.within) : page.locator('body')).getByText(action.clickText[this.language], { exact: true }).first().click();
    else if ('fill' in action) await page.locator(`input[data-testid="${action.fill}"], textarea[data-testid="${action.fill}"], [data-testid="${action.fill}"] input`).first().fill(action.value);
    else await page.getByTestId(action.waitFor).first().waitFor();
  }

  /** The screen at its route, with its actions done, as a JPEG of the viewport. */
  async take(shot: Screenshot): Promise<Buffer> {
    const { page } = this;
    await page.goto(`/agencies/${this.agencyId}/${shot.route}`);
    await page.getByTestId(shot.ready).first().waitFor();
    await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
    for (const [index, action] of (shot.actions ?? []).entries()) {
      try {
        await this.act(action);
      } catch (error) {
        const file = path.join(os.tmpdir(), `help-shot-failed-${this.language}-${shot.route.replace(/\W+/g, '-')}.png`);
        await page.screenshot({ path: file }).catch(() => undefined);
        throw new Error(`${this.language} ${shot.route}: action ${index + 1} ${JSON.stringify(action)} failed (screen in ${file}): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, { cause: error });
      }
    }
    await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
    // The sidebar opens the current route's group a moment after a page opens (spec 2.4); tables and pickers load.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(3300);
    await page.evaluate(async (scrollTo) => {
      (document.activeElement as HTMLElement | null)?.blur();
      const target = scrollTo ? document.querySelector(`[data-testid="${scrollTo}"]`) : null;
      if (target) {
        // Below the top bar, with the card's title in sight.
        target.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -110);
      } else window.scrollTo(0, 0);
      const moving = document.getAnimations();
      await Promise.race([Promise.all(moving.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2000))]);
    }, shot.scrollTo ?? null);
    return page.screenshot({ type: 'jpeg', quality: JPEG_QUALITY });
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}
