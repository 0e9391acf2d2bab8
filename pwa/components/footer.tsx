// Site footer: site links, popular networks, featured providers, partners, about blurb.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { frameChainsQuery } from '../data/chains.ts';
import { partnerLinksQuery } from '../data/content.ts';
import { featuredProvidersQuery } from '../data/providers.ts';
import { LIMITS, PRODUCT_NAME } from '../lib/site.ts';
import { Wordmark } from './brand.tsx';

const linkClass = 'text-sm text-slate-600 hover:text-accent-700';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <ul className="mt-3 space-y-2">{children}</ul>
    </div>
  );
}

export function Footer() {
  const chains = useQuery(frameChainsQuery()).data;
  const featured = useQuery(featuredProvidersQuery()).data;
  const partners = useQuery(partnerLinksQuery());

  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:grid-cols-5 lg:px-8">
        <div className="col-span-2 md:col-span-3 lg:col-span-1">
          <Wordmark />
          <p className="mt-3 text-sm leading-relaxed text-slate-600">
            {PRODUCT_NAME} helps developers discover, compare and review RPC providers for Ethereum, Layer 2 networks
            and other chains — with community ratings, user reviews and editorial expert reviews.
          </p>
        </div>
        <Column title="Directory">
          <li>
            <Link to="/" className={linkClass}>
              Home
            </Link>
          </li>
          <li>
            <Link to="/providers" className={linkClass}>
              All Providers
            </Link>
          </li>
          <li>
            <Link to="/chains" className={linkClass}>
              All Chains
            </Link>
          </li>
          <li>
            <Link to="/compare" className={linkClass}>
              Compare
            </Link>
          </li>
          <li>
            <Link to="/status" className={linkClass}>
              Status
            </Link>
          </li>
          <li>
            <Link to="/about" className={linkClass}>
              About
            </Link>
          </li>
          <li>
            <Link to="/contact" className={linkClass}>
              Contact
            </Link>
          </li>
          <li>
            <Link to="/docs/api" className={linkClass}>
              API
            </Link>
          </li>
          <li>
            <Link to="/terms" className={linkClass}>
              Terms of Service
            </Link>
          </li>
          <li>
            <Link to="/privacy" className={linkClass}>
              Privacy Policy
            </Link>
          </li>
        </Column>
        <Column title="Popular Blockchain Networks">
          {chains?.slice(0, LIMITS.footerChains).map((c) => (
            <li key={c.id}>
              <Link to="/chains/$slug" params={{ slug: c.slug }} className={linkClass}>
                {c.name}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/chains" className="text-sm font-medium text-accent-700 hover:underline">
              View all chains →
            </Link>
          </li>
        </Column>
        <Column title="Featured RPC Providers">
          {featured?.map((p) => (
            <li key={p.id}>
              <Link to="/providers/$slug" params={{ slug: p.slug }} className={linkClass}>
                {p.name}
              </Link>
            </li>
          ))}
          {featured?.length === 0 && <li className="text-sm text-slate-500">No featured providers yet.</li>}
        </Column>
        <Column title="Partners">
          {partners.data?.map((l) => (
            <li key={l.id}>
              <a
                href={l.url}
                target="_blank"
                rel="noopener noreferrer"
                className={`${linkClass} inline-flex items-center gap-1`}
              >
                {l.name}
                <ExternalLink className="size-3" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          ))}
          {partners.data?.length === 0 && <li className="text-sm text-slate-500">No partner links yet.</li>}
        </Column>
      </div>
      <div className="border-t border-slate-100">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-500 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {PRODUCT_NAME}. Ratings and reviews are community opinions; check each provider's
          own terms.
        </p>
      </div>
    </footer>
  );
}
