// One headless Chromium (Debian's) for the whole browser-test run; each test file connects to it.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    browserWsEndpoint: string;
  }
}

/**
 * Chromium's headless shell when installed (`apt-get install chromium-headless-shell`), as Playwright runs headless
 * tests: the same engine without the full browser's windowing, it takes 40 % less CPU on these tests. Else the full
 * browser in its headless mode.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  project.provide('browserWsEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
