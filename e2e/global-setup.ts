// One headless Chromium (Debian's) for the whole browser-test run; each test file connects to it.
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    browserWsEndpoint: string;
  }
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless=new',
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
