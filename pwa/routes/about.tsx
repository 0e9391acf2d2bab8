// /about: the admin-managed title and content (sanitised), with a fallback, a header ad slot,
// and how ratings and "Most Popular" work (#ranking, linked from the sorts).
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { metaForAbout } from '../meta/pages.ts';
import { AdSlot } from '../components/ad-slot.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { HtmlContent } from '../components/html-content.tsx';
import { Page } from '../components/page.tsx';
import { Card } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { aboutQuery, adsQuery } from '../data/content.ts';
import { PRODUCT_NAME } from '../lib/site.ts';
import { routeHead } from '../lib/page-head.ts';
import { ensure } from '../lib/query-client.ts';

export const ABOUT_FALLBACK_TITLE = `About ${PRODUCT_NAME} Directory`;
/** The Bayesian prior of "Most Popular" (sql/migrations/00001_schema.sql, popularity_score): five 3-star ratings. */
const PRIOR_RATINGS = 5;
const PRIOR_STARS = 3;

export const Route = createFileRoute('/about')({
  loader: async ({ context: { queryClient } }) => {
    const [about] = await Promise.all([ensure(queryClient, aboutQuery()), ensure(queryClient, adsQuery('header'))]);
    return { about };
  },
  head: ({ match, loaderData }) => routeHead(match, (origin) => metaForAbout(origin, loaderData?.about)),
  component: AboutPage,
});

function FallbackWelcome() {
  return (
    <div className="prose-content">
      <p>
        Welcome to {PRODUCT_NAME}, the directory of blockchain RPC providers and the networks they serve. Whether you
        are deploying a smart contract, running an indexer or shipping a wallet, your app is only as reliable as the
        node it talks to — and choosing one usually means reading a dozen pricing pages and hoping for the best.
      </p>
      <p>We bring that research into one place:</p>
      <ul>
        <li>
          <strong>Community reviews</strong> from developers who use the providers every day, moderated before they
          appear.
        </li>
        <li>
          <strong>Expert insights</strong>: editorial reviews that look at performance, reliability, features and
          pricing.
        </li>
        <li>
          <strong>Comprehensive data</strong>: every network with its chain ID, native currency, explorers and public
          RPC endpoints, each with its provider and privacy (tracking) label.
        </li>
        <li>
          <strong>Always up to date</strong>: listings are maintained continuously, and anyone can{' '}
          <Link to="/contact">suggest a missing network or provider</Link>.
        </li>
      </ul>
      <p>
        Browse <Link to="/providers">all RPC providers</Link> or <Link to="/chains">all blockchain networks</Link>, and
        sign in to share your own experience.
      </p>
    </div>
  );
}

function Ranking() {
  return (
    <Card id="ranking" className="mt-10 scroll-mt-24 p-6 sm:p-8">
      <h2 className="text-xl font-semibold text-slate-900">How ratings and “Most Popular” work</h2>
      <div className="prose-content mt-4">
        <p>
          <strong>Ratings.</strong> Each signed-in user can review a provider once, with 1 to 5 stars, and may edit that
          review later. Reviews are checked by a moderator before they are published, and only approved reviews count. A
          provider's average rating is the mean of its approved reviews, shown to one decimal. A network's rating is the
          mean of the ratings of its rated providers.
        </p>
        {/* The hotlist's "How is Most Popular ranked?" link lands here. */}
        <p id="most-popular" className="scroll-mt-24">
          <strong>Most Popular.</strong> Sorting by average alone would let a provider with a single 5-star review
          outrank one with hundreds of 4.8-star reviews. So “Most Popular” ranks by a Bayesian average that also counts
          the community's votes:
        </p>
        <ul>
          <li>every approved review counts its stars;</li>
          <li>every upvote counts as a 5-star rating, and every downvote as a 1-star rating;</li>
          <li>
            {PRIOR_RATINGS} imaginary {PRIOR_STARS}-star ratings are added to every provider.
          </li>
        </ul>
        <p className="rounded-lg bg-slate-50 px-4 py-3 font-mono text-sm text-slate-800">
          score = (stars of reviews + 5 × upvotes + 1 × downvotes + {PRIOR_RATINGS * PRIOR_STARS}) ÷ (reviews + upvotes
          + downvotes + {PRIOR_RATINGS})
        </p>
        <p>
          A newcomer starts at {PRIOR_STARS.toFixed(1)} and moves up or down as real opinions arrive; one enthusiastic
          review lifts it only to {((5 + PRIOR_RATINGS * PRIOR_STARS) / (1 + PRIOR_RATINGS)).toFixed(2)}. Ties are
          broken by the number of reviews.
        </p>
      </div>
    </Card>
  );
}

function AboutPage() {
  const about = useQuery(aboutQuery());
  const title = about.data?.title.trim() || ABOUT_FALLBACK_TITLE;
  const content = about.data?.content.trim();

  return (
    <Page>
      {/* One reading column, breadcrumbs included, so they line up with the title rather than the page edge. */}
      <div className="mx-auto max-w-3xl">
        <Breadcrumbs items={[{ label: 'About' }]} />
        <AdSlot position="header" className="mb-6" />
        {about.isPending ? (
          <div aria-busy="true" aria-label="Loading">
            <Skeleton className="h-9 w-2/3" />
            <div className="mt-6 space-y-3">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} className="h-4" />
              ))}
            </div>
          </div>
        ) : (
          <>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
            <div className="mt-6">{content ? <HtmlContent html={content} /> : <FallbackWelcome />}</div>
          </>
        )}
        <Ranking />
      </div>
    </Page>
  );
}
