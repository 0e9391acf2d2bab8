// /contact: the contact form (page variant) with info blocks and a short FAQ.
import { createFileRoute, Link } from '@tanstack/react-router';
import { Handshake, Mail, RefreshCw, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { metaForContact } from '../meta/pages.ts';
import { ContactForm } from '../components/contact-form.tsx';
import { Page, PageTitle } from '../components/page.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { firstPageQuestion } from '../data/contact.ts';
import { CONTACT_EMAIL } from '../lib/contact-form.ts';
import { routeHead } from '../lib/page-head.ts';
import { ensure } from '../lib/query-client.ts';

export const Route = createFileRoute('/contact')({
  // The first captcha question is drawn where the page is rendered and travels with its data.
  loader: async ({ context: { queryClient } }) => {
    await ensure(queryClient, firstPageQuestion);
  },
  head: ({ match }) => routeHead(match, metaForContact),
  component: ContactPage,
});

const infoBlocks: { title: string; Icon: typeof Mail; text: ReactNode }[] = [
  {
    title: 'General Inquiries',
    Icon: Mail,
    text: 'Questions about the directory, feedback or ideas — we read every message.',
  },
  {
    title: 'Business Partnerships',
    Icon: Handshake,
    text: 'Advertising, sponsored placements, affiliate programmes and data partnerships.',
  },
  {
    title: 'Technical Issues',
    Icon: Wrench,
    text: 'Something broken, slow or wrong on the site? Tell us the page and what you saw.',
  },
  {
    title: 'Provider Updates',
    Icon: RefreshCw,
    text: 'Run an RPC service? Send corrections to your listing, new networks or endpoints, and links to your docs.',
  },
];

const faq: { q: string; a: ReactNode }[] = [
  {
    q: 'How do I get a provider or network listed?',
    a: (
      <>
        Send its name, website and public RPC endpoints through this form (or the “Don't see your chain?” card on{' '}
        <Link to="/chains" className="text-accent-700 underline underline-offset-2">
          All Chains
        </Link>
        ). We check every request and add networks and providers that serve developers.
      </>
    ),
  },
  {
    q: 'Can providers pay for better ratings?',
    a: (
      <>
        No. Ratings come only from users' approved reviews and votes, and the “Most Popular” ranking is a published
        formula (see{' '}
        <Link to="/about" hash="ranking" className="text-accent-700 underline underline-offset-2">
          how ranking works
        </Link>
        ). Sponsored placements are always labelled as ads.
      </>
    ),
  },
  {
    q: 'Why is my review not showing yet?',
    a: 'Every review is checked by a moderator before it is published. Editing a review sends it back for a quick check.',
  },
];

function ContactPage() {
  return (
    <Page breadcrumbs={[{ label: 'Contact' }]}>
      <PageTitle title="Contact Us" subtitle="Questions, corrections or partnership ideas — send us a message." />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="p-5 sm:p-6">
          <h2 className="mb-5 text-lg font-semibold text-slate-900">Send us a message</h2>
          <ContactForm variant="page" />
        </Card>
        <aside className="space-y-6" aria-label="Contact information">
          <Card>
            <CardHeader>
              <CardTitle>Get in touch</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-5">
                {infoBlocks.map(({ title, Icon, text }) => (
                  <li key={title} className="flex gap-3">
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-700">
                      <Icon className="size-4" aria-hidden="true" />
                    </span>
                    <div>
                      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
                      <p className="mt-0.5 text-sm text-slate-600">{text}</p>
                    </div>
                  </li>
                ))}
              </ul>
              <p className="mt-5 border-t border-slate-100 pt-4 text-sm text-slate-600">
                Prefer e-mail?{' '}
                <a href={`mailto:${CONTACT_EMAIL}`} className="font-medium text-link">
                  {CONTACT_EMAIL}
                </a>
                <br />
                We reply within 24 hours.
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Frequently Asked Questions</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="space-y-4">
                {faq.map(({ q, a }) => (
                  <div key={q}>
                    <dt className="text-sm font-semibold text-slate-900">{q}</dt>
                    <dd className="mt-1 text-sm text-slate-600">{a}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
        </aside>
      </div>
    </Page>
  );
}
