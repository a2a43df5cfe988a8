import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "playwright-core";
import { afterAll, beforeAll, beforeEach, afterEach, expect, inject } from "vitest";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/**
 * The suite's store that this worker's files use: one per worker, so the files on one store still
 * run one after another (what one leaves, such as a sold-out product, the next may meet).
 */
export function suiteStoreURL(): string {
  const stores = inject("storeURLs");
  return stores[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % stores.length]!;
}

/**
 * A browser per test file and a fresh page per test, on the suite's store. Any console error
 * or uncaught exception in the page fails the test.
 */
export function useBrowser(options: BrowserContextOptions = {}) {
  const baseURL = suiteStoreURL();
  let browser: Browser;
  const state = {
    page: undefined as unknown as Page,
    baseURL,
    consoleErrors: [] as string[],
    /** Console errors this test causes on purpose, e.g. the browser reporting a refused request. */
    expectedConsoleErrors: [] as RegExp[],
  };

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  beforeEach(async () => {
    // Each test is its own client (as seen through a local proxy): sign-in rate limits count per test.
    const context = await browser.newContext({
      baseURL,
      locale: "pt-BR",
      extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() },
      ...options,
    });
    state.consoleErrors = [];
    state.expectedConsoleErrors = [];
    if (options.javaScriptEnabled !== false) navigationsWaitForScripts(context);
    state.page = await context.newPage();
    state.page.on("console", (message) => {
      if (message.type() === "error" && !isExpectedResourceError(message.text())) {
        state.consoleErrors.push(message.text());
      }
    });
    state.page.on("pageerror", (error) => state.consoleErrors.push(error.message));
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === "fail") await reportPage(state.page);
    await state.page.context().close();
    const unexpected = state.consoleErrors.filter(
      (text) => !state.expectedConsoleErrors.some((expected) => expected.test(text)),
    );
    expect(unexpected, "erros no console do navegador").toEqual([]);
  });

  return state;
}

/**
 * What a failed test's page showed when it failed, for the run's log: a failure that only a busy
 * machine brings (an element that never came back) is read from there, not guessed at.
 */
async function reportPage(page: Page): Promise<void> {
  const text = await page
    .locator("body")
    .innerText({ timeout: 2_000 })
    .catch((error: unknown) => `(sem texto: ${String(error)})`);
  console.warn(`Página ao falhar: ${page.url()}\n${text.slice(0, 3_000)}`);
}

/**
 * A page's scripts are fetched once it has painted (decision 0011), so after its `load` event,
 * where Playwright's navigations end: here they end at `waitForHydration`, as a person's first tap
 * would come after the page's scripts. Pages of the context opened later are covered too.
 */
export function navigationsWaitForScripts(context: BrowserContext): void {
  const wrap = (page: Page) => {
    for (const method of ["goto", "reload", "goBack", "goForward", "waitForURL"] as const) {
      const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
      Object.assign(page, {
        [method]: async (...args: unknown[]) => {
          const result = await navigate(...args);
          await waitForHydration(page);
          return result;
        },
      });
    }
  };
  context.on("page", wrap);
  for (const page of context.pages()) wrap(page);
}

/**
 * Another client of the suite's store, with scripts, beside the test's own page: a browser context
 * of its own (own storage, own cookies, own address), e.g. a customer's other device. The caller
 * closes it.
 */
export async function openAnotherClient(page: Page, baseURL: string): Promise<BrowserContext> {
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL, locale: "pt-BR", extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() } });
  navigationsWaitForScripts(context);
  return context;
}

/** The browser reports a 404 response as a console error; a test that visits a 404 expects it. */
function isExpectedResourceError(text: string): boolean {
  return text.startsWith("Failed to load resource: the server responded with a status of 404");
}

/**
 * An address from the benchmarking range 198.18.0.0/15 (131,072 of them), so two test clients
 * practically never share one (and its rate limit) on the suite's store.
 */
export function randomClientIp(): string {
  const host = Math.floor(Math.random() * 131_070) + 1;
  return `198.${18 + (host >> 16)}.${(host >> 8) & 255}.${host & 255}`;
}

/**
 * Clicks only count once React Router has started hydrating the server-rendered page (from then
 * on a click or a key press is handled, or replayed once hydrated). A page without scripts has
 * nothing to wait for.
 */
async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector('script[type="module"]') || "__reactRouterDataRouter" in window,
  );
}
