// Every press counts: each control of the header and of the pages does its job on the first press,
// however early after load — pressed as DOMContentLoaded fires on a CPU slowed four times (a phone),
// before the app has hydrated, and while a lazily loaded part's code is still on its way.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, holdAppScripts, PHONE, startBrowserTest, whenSettled, type BrowserTest } from './harness.ts';

let e: BrowserTest;
beforeAll(async () => {
  e = await startBrowserTest();
});
afterAll(async () => {
  await e?.close();
});

/**
 * A page of a fresh profile without service workers (a worker would answer the app's scripts from its cache,
 * past the holds below), signed in as `email` when given.
 */
async function newPage(
  viewport: { width: number; height: number } = DESKTOP,
  email?: string,
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await e.newContext(viewport);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  if (email) await e.signIn(page, email);
  return { page, context };
}

/** Opens `path` on a CPU slowed four times; resolves at DOMContentLoaded. */
async function openThrottled(page: Page, path: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
}

/**
 * Where `control` sits in the server's HTML of `path` (its scripts held back): the early load lays the page out
 * the same, and a press there needs no look at the page first (a locator's checks wait for the busy main thread).
 */
async function centreOf(page: Page, path: string, control: Locator): Promise<{ x: number; y: number }> {
  const release = await holdAppScripts(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await control.waitFor();
  const box = (await control.boundingBox())!;
  expect(box.y + box.height).toBeLessThan(page.viewportSize()!.height);
  release();
  await page.unrouteAll({ behavior: 'wait' });
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** When a press reached the page: ms after DOMContentLoaded (the input's own time stamp), and whether the app had
 * taken over the header by then. */
type Press = { ms: number; hydrated: boolean };

/**
 * Loads `path` on a CPU slowed four times and presses `control` as soon as DOMContentLoaded has fired; returns when
 * the press reached the page.
 */
async function pressEarly(
  page: Page,
  path: string,
  control: Locator,
  beforeLoad?: () => Promise<void>,
): Promise<Press> {
  const { x, y } = await centreOf(page, path, control);
  await beforeLoad?.();
  // Reported at once: a link's press leaves the page. The binding is in place before the page opens: exposed
  // without waiting, it could still be on its way when the press came, and the report was lost.
  let report!: (press: Press) => void;
  const pressed = new Promise<Press>((resolve) => {
    report = resolve;
  });
  await page.exposeFunction('reportEarlyPress', (press: Press) => report(press));
  await page.addInitScript(() => {
    addEventListener(
      'pointerdown',
      (event) => {
        const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
          .domContentLoadedEventEnd;
        const header = document.querySelector('header');
        void (window as unknown as { reportEarlyPress: (press: unknown) => void }).reportEarlyPress({
          ms: event.timeStamp - loaded,
          hydrated: Boolean(header && Object.keys(header).some((key) => key.startsWith('__reactFiber'))),
        });
      },
      { capture: true, once: true },
    );
  });
  await openThrottled(page, path);
  await page.mouse.click(x, y);
  return pressed;
}

/** Whether React has taken over the header (hydrated elements carry React's fiber key). */
const headerHydrated = (page: Page) =>
  page.evaluate(() => Object.keys(document.querySelector('header')!).some((key) => key.startsWith('__reactFiber')));

/** Holds back the code of the signed-in account menu (its own chunk) until the returned function is called. */
async function holdAccountMenuCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/signed-in-menu-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const pressTimes: Record<string, Press> = {};
afterAll(() => {
  console.log('presses, ms after DOMContentLoaded:', JSON.stringify(pressTimes));
});

describe('a press made right after load does its job', () => {
  it('the signed-in account menu opens, though its code arrives after the press', async () => {
    const { page, context } = await newPage(DESKTOP, 'early-menu@example.com');
    let release!: () => void;
    pressTimes.accountMenu = await pressEarly(
      page,
      '/about',
      page.getByRole('button', { name: /^Account menu for / }),
      async () => {
        release = await holdAccountMenuCode(page);
      },
    );
    await page.waitForFunction(() => document.readyState === 'complete');
    release();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).waitFor();
    // The open menu hides the rest of the page from assistive technology, its trigger included.
    const trigger = page.getByRole('button', { name: /^Account menu for /, includeHidden: true });
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });

  it('the account menu opens when pressed after the page hydrated but before its code arrived', async () => {
    const { page, context } = await newPage(DESKTOP, 'late-menu@example.com');
    const release = await holdAccountMenuCode(page);
    await openThrottled(page, '/about');
    await expect.poll(() => headerHydrated(page), { timeout: 60_000 }).toBe(true);
    await page.getByRole('button', { name: /^Account menu for / }).click();
    release();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).waitFor();
    // The menu's own items work too: Edit Profile opens its dialog.
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    await page.getByRole('dialog', { name: 'Edit Profile' }).waitFor();
    await context.close();
  });

  it('the Chains and Providers menus open', async () => {
    for (const [menu, viewAll] of [
      ['Chains', 'View all chains'],
      ['Providers', 'View all providers'],
    ] as const) {
      const { page, context } = await newPage();
      pressTimes[menu] = await pressEarly(
        page,
        '/about',
        page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: menu }),
      );
      await page.getByRole('link', { name: viewAll, exact: true }).waitFor();
      expect(
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('button', { name: menu })
          .getAttribute('aria-expanded'),
        menu,
      ).toBe('true');
      await context.close();
    }
  });

  it('the phone menu opens', async () => {
    const { page, context } = await newPage(PHONE);
    pressTimes.phoneMenu = await pressEarly(page, '/about', page.getByRole('button', { name: 'Open menu' }));
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await mobile.getByRole('link', { name: 'All Chains' }).waitFor();
    expect(await mobile.getByRole('link').allInnerTexts()).toEqual(
      expect.arrayContaining(['All Chains', 'All Providers', 'About']),
    );
    await context.close();
  });

  it('a dialog opens (Request a Chain)', async () => {
    // Tall enough to show the button (at the end of the page) without scrolling.
    const { page, context } = await newPage({ width: 1280, height: 12000 });
    pressTimes.dialog = await pressEarly(
      page,
      '/chains',
      page.getByRole('main').getByRole('button', { name: 'Request a Chain' }),
    );
    const dialog = page.getByRole('dialog', { name: 'Request New Chain or Provider' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: /^Send/ }).count()).toBe(1);
    await context.close();
  });

  it("the home page's chain filter takes the choice made before the app took over", async () => {
    const { page, context } = await newPage();
    await openThrottled(page, '/');
    await page.getByRole('combobox', { name: 'Filter by chain' }).selectOption({ label: 'Polygon Mainnet' });
    const changed = await page.evaluate(
      () =>
        performance.now() -
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd,
    );
    console.log(`selects changed ${Math.round(changed)} ms after DOMContentLoaded`);
    await page.waitForURL((url) => url.searchParams.has('chain'));
    await expect
      .poll(
        () =>
          page
            .getByRole('main')
            .getByText(/^Showing \d+ providers? on Polygon Mainnet$/)
            .count(),
        { timeout: 60_000 },
      )
      .toBe(1);
    await context.close();
  });

  it('two selects changed before the app took over both count', async () => {
    // Each change updates the search the other has just set: the second must not undo the first.
    const { page, context } = await newPage();
    const release = await holdAppScripts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('combobox', { name: 'Filter by chain' }).selectOption({ label: 'Polygon Mainnet' });
    await page.getByRole('combobox', { name: 'Sort providers' }).selectOption({ label: 'Name A-Z' });
    release();
    await page.waitForURL((url) => url.searchParams.has('chain') && url.searchParams.get('sort') === 'name');
    await page
      .getByRole('main')
      .getByText(/^Showing \d+ providers? on Polygon Mainnet$/)
      .waitFor();
    expect(await page.getByRole('combobox', { name: 'Sort providers' }).inputValue()).toBe('name');
    await context.close();
  });

  it('a vote counts', async () => {
    const { page, context } = await newPage(DESKTOP, 'early-voter@example.com');
    const upvote = page.getByRole('main').getByRole('button', { name: /^Upvote dRPC: 0 upvotes$/ });
    pressTimes.vote = await pressEarly(page, '/providers/drpc', upvote.first());
    await page
      .getByRole('main')
      .getByRole('button', { name: /^Upvote dRPC: 1 upvote$/ })
      .first()
      .waitFor();
    const [stored] = await e.server.sql`
      SELECT v.value FROM provider_votes v JOIN users u ON u.id = v.user_id JOIN providers p ON p.id = v.provider_id
      WHERE u.email = 'early-voter@example.com' AND p.slug = 'drpc'`;
    expect(stored?.value).toBe(1);
    await context.close();
  });

  it("the admin's Admin Panel entry opens the panel", async () => {
    const { page, context } = await newPage(DESKTOP, 'admin@example.com');
    pressTimes.adminPanel = await pressEarly(
      page,
      '/about',
      page.getByRole('banner').getByRole('link', { name: 'Admin Panel' }),
    );
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    // The tabs are drawn once the panel's code is in, which may be after its heading.
    await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab').first().waitFor();
    expect(await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab').count()).toBe(10);
    await context.close();
  });

  it("the admin's Admin Panel entry in the phone's account menu", async () => {
    const { page, context } = await newPage(PHONE, 'admin@example.com');
    let release!: () => void;
    pressTimes.phoneAccountMenu = await pressEarly(
      page,
      '/about',
      page.getByRole('button', { name: /^Account menu for / }),
      async () => {
        release = await holdAccountMenuCode(page);
      },
    );
    release();
    await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    // The tabs are drawn once the panel's code is in, which may be after its heading.
    await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab').first().waitFor();
    expect(await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab').count()).toBe(10);
    await context.close();
  });

  // What the tests above are about: a press the page received before the app had taken over. How many ms after
  // DOMContentLoaded that was depends on the machine's load (printed after the run), whether it came first does not.
  it('the presses above reached the page before the app had taken over (most of them: a press may lose the race)', () => {
    const presses = Object.values(pressTimes);
    expect(presses.length).toBeGreaterThanOrEqual(8);
    expect(presses.filter((press) => !press.hydrated).length).toBeGreaterThan(presses.length / 2);
  });
});

describe('honest pages', () => {
  it("the contact page's question is in the server's HTML, and stays once the app has taken over", async () => {
    const html = await (await fetch(`${e.url}/contact`)).text();
    const question = /data-testid="captcha-question"[^>]*>(What is \d+ \+ \d+\?)</.exec(html)?.[1];
    expect(question).toBeDefined();
    const page = await e.newPage();
    await page.goto('/contact');
    await whenSettled(page);
    expect(await page.getByTestId('captcha-question').innerText()).toMatch(/^What is \d+ \+ \d+\?$/);
  });

  it('a required field left blank says so next to it, beside the toast', async () => {
    const page = await e.newPage();
    await page.goto('/contact');
    await whenSettled(page);
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please fill in all required fields.').first().waitFor();
    // Named as the field's description, so a screen reader reads it with the field.
    const name = form.getByRole('textbox', { name: /^Name/ });
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await name.getAttribute('aria-describedby')}`).innerText()).toBe(
      'Please enter your name.',
    );
    expect(await form.getByText('Please enter your message.').count()).toBe(1);
    expect(await form.getByText('Please enter your e-mail address.').count()).toBe(0);
    expect(await form.getByText('Please answer the question.').count()).toBe(1);
  });

  it("the admin's Editorial tab shows how many reviews wait for approval", async () => {
    const [user] = await e.server.sql<{ id: number }[]>`
      INSERT INTO users (identity_provider, subject, email, display_name) VALUES ('local', 'badge', 'badge@example.com', 'Badge') RETURNING id`;
    const [provider] = await e.server.sql<{ id: number }[]>`SELECT id FROM providers WHERE slug = 'drpc'`;
    await e.server
      .sql`INSERT INTO user_reviews (provider_id, user_id, rating, comment, status) VALUES (${provider.id}, ${user.id}, 4, 'Waiting', 'pending')`;
    const { page, context } = await newPage(DESKTOP, 'admin@example.com');
    await page.goto('/admin');
    const editorial = page.getByRole('tab', { name: 'Editorial', exact: true });
    await expect
      .poll(
        async () => {
          const described = await editorial.getAttribute('aria-describedby');
          return described ? page.locator(`[id="${described}"]`).textContent() : null;
        },
        { timeout: 60_000 },
      )
      .toBe('1 pending review');
    expect(await editorial.innerText()).toMatch(/^Editorial\s*1$/);
    await context.close();
  });
});
