// Browser tests of the chain screens: /chains (search, sort, counters, testnet toggle, the request dialog
// and its captcha), /chains/{slug} (facts, endpoints, add to wallet, votes, providers, Other Chains) and the
// chain not-found screen, against the built app and the real dataset.
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, holdAppScripts, PHONE, startBrowserTest, whenSettled, type BrowserTest } from './harness.ts';

type ChainStat = {
  id: number;
  name: string;
  slug: string;
  isTestnet: boolean;
  status: string;
  providerCount: number;
  evmChainId: number | null;
};

let e: BrowserTest;
let chains: ChainStat[];

beforeAll(async () => {
  e = await startBrowserTest();
  chains = (await e.server.get('/api/chains/with-stats')).body;
});
afterAll(async () => {
  await e?.close();
});

const main = (page: Page) => page.locator('main');
const counter = (page: Page, label: string) =>
  main(page)
    .locator('p', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::p[1]');

/** The visible toast (located by its element: an open modal dialog hides the rest of the page from the accessibility tree). */
const toast = (page: Page, text: string) => page.locator('li.toast', { hasText: text });
async function toastText(page: Page) {
  await page.locator('li.toast').first().waitFor();
  return page.locator('li.toast').first().innerText();
}

/** The captcha's question, solved: "What is 7 − 3?" → 4. */
async function solveCaptcha(page: Page): Promise<{ question: string; answer: number }> {
  // Drawn once the page has hydrated ("…" until then).
  const question = await page
    .getByTestId('captcha-question')
    .filter({ hasText: /What is/ })
    .innerText();
  const m = /What is (\d+) ([+−]) (\d+)\?/.exec(question);
  if (!m) throw new Error(`unexpected captcha: ${question}`);
  const answer = m[2] === '+' ? Number(m[1]) + Number(m[3]) : Number(m[1]) - Number(m[3]);
  return { question, answer };
}

/** Records the POSTs to /api/contact the page makes. */
function contactPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/contact') posts.push(r);
  });
  return posts;
}

describe('/chains', () => {
  it('lists the mainnets with counters, search, sort and the testnet toggle', async () => {
    const page = await e.newPage();
    await page.goto('/chains');
    await page.getByRole('heading', { level: 1, name: 'All Blockchain Networks' }).waitFor();
    expect(await page.title()).toContain('All Blockchain Networks');

    const mainnets = chains.filter((c) => !c.isTestnet);
    await page.getByTestId('chain-card').first().waitFor();
    expect(await page.getByTestId('chain-card').count()).toBe(mainnets.length);
    expect(await counter(page, 'Blockchain Networks').innerText()).toBe(String(mainnets.length));
    expect(await counter(page, 'Active Networks').innerText()).toBe(
      String(mainnets.filter((c) => c.status === 'active').length),
    );

    // Default order: most providers first. Cards show the EVM chain id and link to the chain page.
    const first = [...mainnets].sort((a, b) => b.providerCount - a.providerCount)[0];
    const card = page.getByTestId('chain-card').first();
    expect(await card.locator('h2').innerText()).toBe(first.name);
    expect(await card.innerText()).toContain(`Chain ID ${first.evmChainId}`);
    expect(await card.innerText()).toContain(`${first.providerCount} providers`);
    expect(await card.getByRole('link').getAttribute('href')).toBe(`/chains/${first.slug}`);

    // Search: the second counter becomes 'Search Results'.
    const search = page.getByPlaceholder('Search chains...');
    await search.fill('arbitrum');
    await counter(page, 'Search Results').waitFor();
    const arbMainnets = mainnets.filter((c) => /arbitrum/i.test(c.name)).length;
    await expect.poll(() => page.getByTestId('chain-card').count()).toBeGreaterThanOrEqual(arbMainnets);
    expect(await counter(page, 'Search Results').innerText()).toBe(
      String(await page.getByTestId('chain-card').count()),
    );
    expect(page.url()).toContain('q=arbitrum');
    await search.fill('42161');
    await expect.poll(() => page.getByTestId('chain-card').locator('h2').allInnerTexts()).toEqual(['Arbitrum One']);

    await search.fill('zzzz-no-such-chain');
    await main(page).getByText('No chains found').waitFor();
    expect(
      await main(page)
        .getByRole('link', { name: 'Search providers and networks for “zzzz-no-such-chain”' })
        .getAttribute('href'),
    ).toBe('/search?q=zzzz-no-such-chain');

    // A testnet-only term offers to include testnets; the toggle lives in the URL.
    await search.fill('sepolia');
    await main(page).getByText('No chains found').waitFor();
    await main(page)
      .getByRole('button', { name: /Show \d+ matching testnets?/ })
      .click();
    await expect.poll(() => page.url()).toContain('testnets=true');
    expect(await page.getByRole('switch', { name: /Include testnets/ }).isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('chain-card').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('chain-card').first().innerText()).toContain('Testnet');

    await search.fill('');
    await expect.poll(() => page.getByTestId('chain-card').count()).toBe(chains.length);
    expect(await counter(page, 'Blockchain Networks').innerText()).toBe(String(chains.length));

    await page.getByRole('combobox', { name: 'Sort chains' }).selectOption({ label: 'Sort: Name A-Z' });
    const names = await page.getByTestId('chain-card').locator('h2').allInnerTexts();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
    expect(names).toHaveLength(chains.length);

    await page.locator('label', { hasText: 'Include testnets' }).click();
    expect(await page.getByRole('switch', { name: /Include testnets/ }).isChecked()).toBe(false);
    await expect.poll(() => page.getByTestId('chain-card').count()).toBe(mainnets.length);

    // Reloading the shared URL restores the state.
    await page.goto('/chains?sort=name&testnets=true&q=base');
    expect(await page.getByPlaceholder('Search chains...').inputValue()).toBe('base');
    expect(await page.getByRole('switch', { name: /Include testnets/ }).isChecked()).toBe(true);
  });

  it('shows the chains category content at the top, sanitised', async () => {
    const page = await e.newPage();
    await e.signIn(page, 'admin@example.com', '/chains');
    const res = await page.request.put('/api/admin/category/chains', {
      data: {
        title: 'Networks we track',
        contentHtml: '<p>Every <strong>EVM</strong> network.</p><img src=x onerror="window.pwned=1">',
      },
    });
    expect(res.ok()).toBe(true);
    await page.goto('/chains');
    await page.getByRole('heading', { name: 'Networks we track' }).waitFor();
    expect(await main(page).innerText()).toContain('Every EVM network.');
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.locator('main img[onerror]').count()).toBe(0);
  });

  it("'Don't see your chain?' opens the request dialog: every field required, a wrong answer sends nothing, a right one is stored", async () => {
    const page = await e.newPage();
    const posts = contactPosts(page);
    await page.goto('/chains');
    await main(page).getByRole('heading', { name: "Don't see your chain?" }).waitFor();
    await main(page).getByRole('button', { name: 'Request a Chain' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request New Chain or Provider' });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Send Message' }).click();
    expect(await toastText(page)).toContain('Please fill in all fields');
    expect(await toastText(page)).toContain('All fields including the captcha are required.');

    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel('Email').fill('grace@example.com');
    await dialog.getByLabel('Subject').fill('Please add Monad Testnet');
    await dialog.getByLabel('Message').fill('Chain ID 10143, RPC https://testnet-rpc.monad.xyz');
    // Subject missing alone is still refused (the dialog requires every field).
    await dialog.getByLabel('Subject').fill('');
    const { answer } = await solveCaptcha(page);
    await dialog.getByLabel(/Security check/).fill(String(answer));
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Please fill in all fields').waitFor();
    await dialog.getByLabel('Subject').fill('Please add Monad Testnet');

    // Wrong answer: its message, a new question, the answer cleared, and no request.
    const before = await solveCaptcha(page);
    await dialog.getByLabel(/Security check/).fill(String(before.answer + 1));
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Please solve the math problem correctly').waitFor();
    expect(await dialog.getByLabel(/Security check/).inputValue()).toBe('');
    expect(posts).toHaveLength(0);

    const { answer: right } = await solveCaptcha(page);
    await dialog.getByLabel(/Security check/).fill(String(right));
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Message sent successfully!').waitFor();
    expect(await toastText(page)).toContain("We'll get back to you as soon as possible.");
    await dialog.waitFor({ state: 'detached' });
    expect(posts).toHaveLength(1);
    const rows = await e.server.sql<
      { name: string; email: string; subject: string; message: string; isRead: boolean }[]
    >`
      SELECT name, email, subject, message, is_read FROM contact_submissions WHERE email = 'grace@example.com'`;
    expect(rows).toEqual([
      {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        subject: 'Please add Monad Testnet',
        message: 'Chain ID 10143, RPC https://testnet-rpc.monad.xyz',
        isRead: false,
      },
    ]);

    // Reopening asks a fresh question with empty fields.
    await main(page).getByRole('button', { name: 'Request a Chain' }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel('Message').inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('a press made before the app has taken over is not lost, and the page stays where the visitor scrolled it', async () => {
    const page = await e.newPage();
    // The app's scripts are held until the visitor has scrolled down and pressed the button on the server's page.
    const release = await holdAppScripts(page);
    await page.goto('/chains', { waitUntil: 'domcontentloaded' }); // 'load' would wait for the held scripts
    const request = main(page).getByRole('button', { name: 'Request a Chain' });
    await request.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await request.click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    release();
    // Pressed again once the app answers (the main part is hydrated after the rest: pwa/app.tsx).
    await page.getByRole('dialog', { name: 'Request New Chain or Provider' }).waitFor();
    await page.keyboard.press('Escape');
    await whenSettled(page);
    expect(await page.evaluate(() => scrollY)).toBe(scrolled);
  });

  it('shows a server failure as "Error sending message" with the message', async () => {
    const page = await e.newPage();
    await page.goto('/chains');
    await main(page).getByRole('button', { name: 'Request a Chain' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request New Chain or Provider' });
    await dialog.getByLabel('Name').fill('Bad Email');
    await dialog.getByLabel('Email').fill('not-an-email@');
    await dialog.getByLabel('Subject').fill('x');
    await dialog.getByLabel('Message').fill('y');
    const { answer } = await solveCaptcha(page);
    await dialog.getByLabel(/Security check/).fill(String(answer));
    // The e-mail field is of e-mail type but the form reports through its own messages; the server refuses.
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    const text = await toastText(page);
    expect(text).toContain('Error sending message');
    expect(text).toMatch(/400: .*email/i);
    expect(await dialog.getByLabel(/Security check/).inputValue()).toBe('');
    expect(await dialog.isVisible()).toBe(true);
  });
});

describe('/chains/{slug}', () => {
  it('shows the chain, its facts, endpoints, providers (sortable) and Other Chains', async () => {
    const detail = (await e.server.get('/api/chains/ethereum')).body;
    const byChain: { name: string; totalReviews: number }[] = (
      await e.server.get(`/api/providers/by-chain/${detail.id}`)
    ).body;
    const page = await e.newPage();
    await page.goto('/chains/ethereum');
    await page.getByRole('heading', { level: 1, name: detail.name }).waitFor();
    expect(await page.title()).toContain(detail.name);
    const text = await main(page).innerText();
    expect(text).toContain(detail.description);
    expect(text).toContain(`${detail.providerCount} Providers`);

    const facts = page.getByRole('region', { name: 'Network Details' });
    const factText = await facts.innerText();
    expect(factText).toContain('0x1');
    expect(factText).toMatch(/Ether\s*\(ETH\)/);
    expect(factText).toContain('18 decimals');
    expect(factText).toContain('Mainnet');
    expect(await facts.getByRole('link', { name: /etherscan\.io/ }).getAttribute('href')).toBe('https://etherscan.io');

    // Endpoints: the first rows, keyless first, then all of them on request.
    const table = page.getByRole('table', { name: `Public RPC endpoints of ${detail.name}` });
    expect(await table.locator('tbody tr').count()).toBe(10);
    await main(page)
      .getByRole('button', { name: `Show all ${detail.rpcEndpoints.length} endpoints` })
      .click();
    expect(await table.locator('tbody tr').count()).toBe(detail.rpcEndpoints.length);
    const keyed = detail.rpcEndpoints.find((x: { needsApiKey: boolean }) => x.needsApiKey);
    expect(await table.locator('tr', { hasText: keyed.url }).innerText()).toContain('API key');
    const anonymous = detail.rpcEndpoints.find((x: { provider: unknown }) => x.provider === null);
    if (anonymous) expect(await table.locator('tr', { hasText: anonymous.url }).innerText()).toContain('—');
    const withProvider = detail.rpcEndpoints.find((x: { provider: unknown }) => x.provider !== null);
    expect(
      await table
        .locator('tr', { hasText: withProvider.url })
        .getByRole('link', { name: withProvider.provider.name })
        .getAttribute('href'),
    ).toBe(`/providers/${withProvider.provider.slug}`);
    expect(await table.getByRole('button', { name: `Copy ${detail.name} endpoint ${withProvider.url}` }).count()).toBe(
      1,
    );

    // Providers: default Review Count, then Name A-Z.
    const list = main(page).locator('section[aria-labelledby="chain-providers"]');
    await list.getByTestId('provider-card').first().waitFor();
    expect(await list.getByTestId('provider-card').count()).toBe(byChain.length);
    const sortControl = page.getByRole('combobox', { name: 'Sort providers' });
    expect(await sortControl.locator('option').allInnerTexts()).toEqual([
      'Review Count',
      'Average Rating',
      'Upvotes',
      'Name A-Z',
    ]);
    await sortControl.selectOption({ label: 'Name A-Z' });
    await expect.poll(() => page.url()).toContain('sort=name');
    const names = await list.getByTestId('provider-card').locator('h3').allTextContents();
    expect(names).toEqual(byChain.map((p) => p.name).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

    // Other Chains: five others, never this one; and the way back.
    const others = page.getByRole('complementary', { name: 'Sidebar' }).locator('li a');
    await others.first().waitFor();
    expect(await others.count()).toBe(5);
    expect(await others.allInnerTexts()).not.toContain(expect.stringContaining(detail.name));
    await page.getByRole('link', { name: 'Back to all chains' }).click();
    await page.waitForURL('**/chains');
  });

  it("shows an admin's detailed description (sanitised) and social links", async () => {
    const page = await e.newPage();
    await e.signIn(page, 'admin@example.com', '/chains/gnosis');
    const gnosis = (await e.server.get('/api/chains/gnosis')).body;
    const res = await page.request.put(`/api/admin/chains/${gnosis.id}`, {
      data: {
        detailedDescription:
          '<h2>Why Gnosis</h2><p>Cheap and <a href="https://docs.gnosischain.com" target="_blank">documented</a>.</p><img src=x onerror="window.pwned=1">',
        twitterUrl: 'https://twitter.com/gnosischain',
        githubUrl: 'https://github.com/gnosischain',
      },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
    await page.goto('/chains/gnosis');
    await main(page)
      .getByRole('heading', { name: `About ${gnosis.name}` })
      .waitFor();
    await main(page).getByRole('heading', { name: 'Why Gnosis' }).waitFor();
    expect(await main(page).getByRole('link', { name: 'documented' }).getAttribute('rel')).toContain('noopener');
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(
      await main(page)
        .getByRole('link', { name: `${gnosis.name} on Twitter (opens in a new tab)` })
        .getAttribute('href'),
    ).toBe('https://twitter.com/gnosischain');
    expect(
      await main(page)
        .getByRole('link', { name: `${gnosis.name} on GitHub (opens in a new tab)` })
        .getAttribute('href'),
    ).toBe('https://github.com/gnosischain');
  });

  it('links a rollup to its parent chain and marks testnets', async () => {
    const page = await e.newPage();
    await page.goto('/chains/arbitrum-one');
    await page.getByRole('heading', { level: 1, name: 'Arbitrum One' }).waitFor();
    await main(page).getByRole('link', { name: 'Ethereum Mainnet' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Ethereum Mainnet' }).waitFor();

    const testnet = chains.find((c) => c.isTestnet)!;
    await page.goto(`/chains/${testnet.slug}`);
    await page.getByRole('heading', { level: 1, name: testnet.name }).waitFor();
    expect(await main(page).getByText('Testnet', { exact: true }).count()).toBeGreaterThan(0);
  });

  it("asks an injected wallet to add the network (EIP-3085) with the chain's keyless https endpoints", async () => {
    const context = await e.newContext();
    await context.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { __walletCalls: unknown[] }).__walletCalls = calls;
      (window as unknown as { ethereum: unknown }).ethereum = {
        request: async (args: unknown) => {
          calls.push(args);
          return null;
        },
      };
    });
    const page = await context.newPage();
    await page.goto('/chains/base');
    await page.getByRole('button', { name: 'Add to wallet' }).click();
    await toast(page, 'Network added').waitFor();
    const [call] = await page.evaluate(
      () => (window as unknown as { __walletCalls: { method: string; params: any[] }[] }).__walletCalls,
    );
    const base = (await e.server.get('/api/chains/base')).body;
    expect(call.method).toBe('wallet_addEthereumChain');
    const p = call.params[0];
    expect(p.chainId).toBe(`0x${base.evmChainId.toString(16)}`);
    expect(p.chainName).toBe(base.name);
    expect(p.nativeCurrency).toEqual(base.nativeCurrency);
    expect(p.rpcUrls.length).toBeGreaterThan(0);
    for (const url of p.rpcUrls) {
      expect(url.startsWith('https://')).toBe(true);
      expect(base.rpcEndpoints.find((x: { url: string }) => x.url === url).needsApiKey).toBe(false);
    }
    expect(p.blockExplorerUrls).toEqual(
      base.explorers.map((x: { url: string }) => x.url).filter((u: string) => u.startsWith('https://')),
    );
  });

  it('votes: signed-out visitors are sent to sign in; a signed-in vote is stored and can be taken back', async () => {
    const page = await e.newPage();
    await page.goto('/chains/base');
    await page.getByRole('button', { name: /^Upvote Base/ }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/oidc'));
    await page.getByLabel('Email').fill('voter@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/chains/base');

    const up = page.getByRole('button', { name: /^Upvote Base/ });
    await up.waitFor();
    expect(await up.getAttribute('aria-pressed')).toBe('false');
    await up.click();
    await expect.poll(() => up.getAttribute('aria-pressed')).toBe('true');
    expect(await up.innerText()).toContain('1');
    const votes = () => e.server
      .sql`SELECT v.value FROM chain_votes v JOIN chains c ON c.id = v.chain_id JOIN users u ON u.id = v.user_id
      WHERE c.slug = 'base' AND u.email = 'voter@example.com'`;
    expect(await votes()).toEqual([{ value: 1 }]);

    // Switching to a downvote moves the vote; pressing it again takes it back.
    const down = page.getByRole('button', { name: /^Downvote Base/ });
    await down.click();
    await expect.poll(() => down.getAttribute('aria-pressed')).toBe('true');
    expect(await votes()).toEqual([{ value: -1 }]);
    await down.click();
    await expect.poll(() => down.getAttribute('aria-pressed')).toBe('false');
    expect(await votes()).toEqual([]);

    // Offline: a clear message, nothing sent.
    await page.context().setOffline(true);
    await up.click();
    await toast(page, "You're offline").waitFor();
    await page.context().setOffline(false);
    expect(await votes()).toEqual([]);
  });

  it("shows 'Chain Not Found' for an unknown slug, with a way back", async () => {
    const page = await e.newPage();
    await page.goto('/chains/no-such-chain');
    await page.getByRole('heading', { name: 'Chain Not Found' }).waitFor();
    expect(await main(page).innerText()).toContain("The blockchain network you're looking for doesn't exist.");
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await main(page).getByRole('link', { name: 'Back to all chains' }).click();
    await page.getByRole('heading', { level: 1, name: 'All Blockchain Networks' }).waitFor();
  });
});

describe('screenshots', () => {
  it('captures the chain screens on phone and desktop', async () => {
    for (const [label, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const page = await e.newPage(viewport);
      await page.goto('/chains');
      await page.getByTestId('chain-card').first().waitFor();
      await e.screenshot(page, `chains-${label}`);
      await main(page).getByRole('button', { name: 'Request a Chain' }).click();
      await page.getByRole('dialog').waitFor();
      await page.screenshot({ path: `e2e/screenshots/chains-request-dialog-${label}.png` });
      await page.goto('/chains/ethereum');
      await page.locator('section[aria-labelledby="chain-providers"]').getByTestId('provider-card').first().waitFor();
      await e.screenshot(page, `chain-ethereum-${label}`);
      await page.goto('/chains/no-such-chain');
      await page.getByRole('heading', { name: 'Chain Not Found' }).waitFor();
      await e.screenshot(page, `chain-not-found-${label}`);
    }
  });
});
