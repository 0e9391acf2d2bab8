// /terms: the Terms of Service (use of the site, intellectual property, reviews licence,
// disclaimer, external links, modifications, governing law of Panama; last updated January 2025).
import { createFileRoute, Link } from '@tanstack/react-router';
import { metaForTerms } from '../meta/pages.ts';
import { LegalDocument, type LegalSection } from '../components/legal-document.tsx';
import { CONTACT_EMAIL } from '../lib/contact-form.ts';
import { PRODUCT_NAME } from '../lib/site.ts';
import { routeHead } from '../lib/page-head.ts';

export const Route = createFileRoute('/terms')({
  head: ({ match }) => routeHead(match, metaForTerms),
  component: TermsPage,
});

const sections: LegalSection[] = [
  {
    id: 'use-of-the-site',
    title: 'Use of the Site',
    body: (
      <>
        <p>
          {PRODUCT_NAME} is a free directory of blockchain RPC providers and networks. You may browse, search and link
          to it for any lawful purpose. You agree not to:
        </p>
        <ul>
          <li>use the site in a way that breaks any law or regulation that applies to you;</li>
          <li>
            try to gain unauthorised access to the site, its servers or other users' accounts, or disrupt its operation;
          </li>
          <li>
            scrape or copy the site at a rate or in a way that degrades it for others, or republish its content
            wholesale;
          </li>
          <li>
            post reviews that are false, misleading, defamatory, obscene, hateful or that you were paid or rewarded to
            write without disclosing it, or reviews of your own employer's or competitor's services;
          </li>
          <li>
            submit more than one review of the same provider through multiple accounts, or otherwise manipulate ratings
            or votes.
          </li>
        </ul>
        <p>
          Some features — writing reviews, voting and editing your profile — require signing in with a Google account.
          You are responsible for activity under your account. We may suspend accounts or remove content that breaks
          these terms.
        </p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    body: (
      <>
        <p>
          The site's design, text, logos, editorial reviews and software are owned by {PRODUCT_NAME} or its licensors
          and are protected by copyright and other laws. Names, logos and trademarks of providers and blockchain
          networks belong to their owners and are shown only to identify them; their appearance does not imply
          endorsement.
        </p>
        <p>
          Technical facts about networks and public RPC endpoints are compiled from open datasets (such as Chainlist and
          ethereum-lists) under their licences; see the notice that ships with the data.
        </p>
      </>
    ),
  },
  {
    id: 'reviews-licence',
    title: 'User Reviews and Licence',
    body: (
      <>
        <p>
          You keep ownership of the reviews and ratings you submit. By submitting one, you grant {PRODUCT_NAME} a
          worldwide, non-exclusive, royalty-free, perpetual licence to host, display, reproduce, adapt (for example to
          fit a layout or translate), publish and distribute it, together with the display name you chose, on the site
          and in material that promotes it.
        </p>
        <p>
          Reviews are moderated: they appear after approval, and an edited review returns to moderation. We may decline
          or remove a review at our discretion, for example when it breaks these terms. Reviews are the opinions of
          their authors, not of {PRODUCT_NAME}.
        </p>
      </>
    ),
  },
  {
    id: 'disclaimer',
    title: 'Disclaimer',
    body: (
      <>
        <p>
          The site and everything on it are provided “as is” and “as available”, without warranties of any kind, express
          or implied, including accuracy, completeness, fitness for a particular purpose and non-infringement. Provider
          features, prices, endpoints and availability change often; always check with the provider before you rely on
          them. Nothing on the site is financial, investment, legal or security advice.
        </p>
        <p>
          To the fullest extent the law allows, {PRODUCT_NAME} is not liable for any indirect, incidental, special or
          consequential loss, or for any loss of funds, data, revenue or profit, arising from your use of the site or of
          any provider or endpoint listed on it.
        </p>
      </>
    ),
  },
  {
    id: 'external-links',
    title: 'External Links',
    body: (
      <p>
        The site links to providers' websites, block explorers, RPC endpoints and other third-party sites. Some links
        are affiliate links, which may earn us a commission at no extra cost to you; this never affects ratings, which
        come from users' approved reviews and votes. We do not control third-party sites and are not responsible for
        their content, privacy practices or services. Visiting them is at your own risk and under their terms.
      </p>
    ),
  },
  {
    id: 'modifications',
    title: 'Modifications',
    body: (
      <p>
        We may change these terms, and the site, at any time. The date at the top of this page shows when the terms last
        changed. Material changes are announced on the site. Continuing to use the site after a change means you accept
        the updated terms.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: (
      <p>
        These terms are governed by the laws of the Republic of Panama, without regard to its conflict-of-law rules. Any
        dispute arising from them or from your use of the site is subject to the exclusive jurisdiction of the courts of
        Panama City, Panama, unless the law of your country of residence gives you the right to bring proceedings there.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Write to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> or use the{' '}
        <Link to="/contact">contact form</Link>.
      </p>
    ),
  },
];

function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      crumb="Terms of Service"
      sections={sections}
      intro={
        <p>
          These terms govern your use of {PRODUCT_NAME} (the “site”). By using the site you agree to them; if you do not
          agree, please do not use it. Our <Link to="/privacy">Privacy Policy</Link> explains how we handle personal
          data.
        </p>
      }
    />
  );
}
