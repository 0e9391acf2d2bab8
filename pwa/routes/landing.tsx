// /landing: the signed-out welcome page with its own header and footer. Sign-in links are
// full-page navigations to the server's auth routes.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowRight, Award, Database, RefreshCw, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { metaForLanding } from '../meta/pages.ts';
import { Wordmark } from '../components/brand.tsx';
import { GoogleIcon } from '../components/google-icon.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { chainsQuery } from '../data/chains.ts';
import { providersQuery } from '../data/providers.ts';
import { paths, PRODUCT_NAME } from '../lib/site.ts';
import { routeHead } from '../lib/page-head.ts';
import { ensure } from '../lib/query-client.ts';

export const LANDING_COPYRIGHT_YEAR = 2024;

export const Route = createFileRoute('/landing')({
  staticData: { ownChrome: true },
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([ensure(queryClient, chainsQuery()), ensure(queryClient, providersQuery())]);
  },
  head: ({ match }) => routeHead(match, metaForLanding),
  component: LandingPage,
});

const features = [
  {
    title: 'Community Reviews',
    Icon: Users,
    text: 'Honest ratings and reviews from developers who run production traffic through these providers every day.',
  },
  {
    title: 'Expert Insights',
    Icon: Award,
    text: 'Editorial reviews that dig into performance, reliability, developer experience and support.',
  },
  {
    title: 'Comprehensive Data',
    Icon: Database,
    text: 'Supported chains, features and pricing side by side — plus chain IDs and public RPC endpoints for every network.',
  },
  {
    title: 'Always Updated',
    Icon: RefreshCw,
    text: 'Listings are maintained continuously as providers launch networks, change plans and ship new features.',
  },
] as const;

function FooterLink({
  to,
  children,
}: {
  to?: '/providers' | '/chains' | '/about' | '/contact' | '/privacy' | '/terms';
  children: ReactNode;
}) {
  const cls = 'text-sm text-slate-400 hover:text-white';
  // "Latest Reviews" has no page yet: a placeholder, not a link to nowhere.
  if (!to)
    return (
      <span title="Coming soon" className="text-sm text-slate-400">
        {children} <span className="rounded bg-slate-800 px-1.5 py-0.5 text-xs">soon</span>
      </span>
    );
  return (
    <Link to={to} className={cls}>
      {children}
    </Link>
  );
}

function LandingPage() {
  const chains = useQuery(chainsQuery()).data;
  const providers = useQuery(providersQuery()).data;

  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
          <Wordmark />
          <nav aria-label="Account" className="flex items-center gap-2">
            <a href={paths.googleLogin()} className={buttonClasses('ghost', 'sm')}>
              Login
            </a>
            <a href={paths.googleLogin()} className={buttonClasses('primary', 'sm')}>
              Sign Up
            </a>
          </nav>
        </div>
      </header>

      <main id="main" className="flex-1">
        <section className="relative overflow-hidden bg-gradient-to-b from-accent-50 via-white to-white">
          <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-accent-700 shadow-sm ring-1 ring-accent-200">
              Trusted by thousands of developers
            </p>
            <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
              Find the Best RPC Providers for Blockchain Development
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600">
              Compare RPC providers for Ethereum, Layer 2 networks and other chains with community reviews, expert
              insights and the data you need to choose — in one place.
            </p>
            <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
              <a href={paths.googleLogin()} className={buttonClasses('primary', 'lg', 'gap-3')}>
                <span className="rounded-full bg-white p-0.5">
                  <GoogleIcon className="size-4" />
                </span>
                Continue with Google
              </a>
              <Link to="/providers" className={buttonClasses('outline', 'lg')}>
                Browse Providers
              </Link>
            </div>
            {chains && providers && (
              <p className="mt-8 text-sm text-slate-600">
                <span className="font-semibold text-slate-900 tabular-nums">{providers.length}</span> providers ·{' '}
                <span className="font-semibold text-slate-900 tabular-nums">{chains.length}</span> blockchain networks,
                and counting
              </p>
            )}
          </div>
        </section>

        <section aria-labelledby="features" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="features" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            Everything you need to choose an RPC provider
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
            Thousands of developers use {PRODUCT_NAME} to pick the node infrastructure behind their dApps, wallets and
            bots.
          </p>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {features.map(({ title, Icon, text }) => (
              <li key={title}>
                <Card className="h-full p-6">
                  <span className="flex size-11 items-center justify-center rounded-xl bg-accent-600 text-white">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <section className="px-4 pb-20 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-5xl rounded-2xl bg-slate-900 px-6 py-12 text-center sm:px-12">
            <h2 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Ready to find your provider?</h2>
            <p className="mx-auto mt-3 max-w-xl text-slate-300">
              Sign in to rate the providers you use, write reviews and help other developers choose.
            </p>
            <a href={paths.apiLogin()} className={buttonClasses('primary', 'lg', 'mt-8')}>
              Start Exploring Now
              <ArrowRight aria-hidden="true" />
            </a>
          </div>
        </section>
      </main>

      <footer className="bg-slate-950 text-slate-400">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
          <div className="lg:col-span-2">
            <p className="text-lg font-semibold text-white">{PRODUCT_NAME}</p>
            <p className="mt-2 max-w-sm text-sm">
              The community-driven directory of blockchain RPC providers and the networks they serve.
            </p>
          </div>
          <nav aria-label="Directory">
            <h2 className="text-sm font-semibold text-white">Directory</h2>
            <ul className="mt-3 space-y-2">
              <li>
                <FooterLink to="/providers">All Providers</FooterLink>
              </li>
              <li>
                <FooterLink to="/chains">All Chains</FooterLink>
              </li>
              <li>
                <FooterLink>Latest Reviews</FooterLink>
              </li>
            </ul>
          </nav>
          <nav aria-label="Company">
            <h2 className="text-sm font-semibold text-white">Company</h2>
            <ul className="mt-3 space-y-2">
              <li>
                <FooterLink to="/about">About</FooterLink>
              </li>
              <li>
                <FooterLink to="/contact">Contact</FooterLink>
              </li>
              <li>
                <FooterLink to="/contact">Advertise</FooterLink>
              </li>
              <li>
                <FooterLink to="/privacy">Privacy Policy</FooterLink>
              </li>
              <li>
                <FooterLink to="/terms">Terms of Service</FooterLink>
              </li>
            </ul>
          </nav>
        </div>
        <div className="border-t border-slate-800">
          <p className="mx-auto max-w-7xl px-4 py-6 text-sm sm:px-6 lg:px-8">
            © {LANDING_COPYRIGHT_YEAR} {PRODUCT_NAME}. All rights reserved.
          </p>
        </div>
      </footer>
    </div>
  );
}
