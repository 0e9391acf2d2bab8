// /privacy: the Privacy Policy (data collected, advertising and analytics by Google, no sale of
// data, user rights, security, children under 13, a contact e-mail address; last updated January 2025).
import { createFileRoute, Link } from '@tanstack/react-router';
import { metaForPrivacy } from '../meta/pages.ts';
import { LegalDocument, type LegalSection } from '../components/legal-document.tsx';
import { CONTACT_EMAIL } from '../lib/contact-form.ts';
import { PRODUCT_NAME } from '../lib/site.ts';
import { routeHead } from '../lib/page-head.ts';

export const Route = createFileRoute('/privacy')({
  head: ({ match }) => routeHead(match, metaForPrivacy),
  component: PrivacyPage,
});

const CHILDREN_MIN_AGE = 13;

const sections: LegalSection[] = [
  {
    id: 'data-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect only what the site needs to work:</p>
        <ul>
          <li>
            <strong>Account and review data.</strong> When you sign in with Google to write a review, we receive your
            name, e-mail address and profile picture from Google. Your review (rating and comment) is stored with your
            account and published with your display name, or your first and last name, once approved. You can change
            these names in Edit Profile.
          </li>
          <li>
            <strong>Contact messages.</strong> When you use the contact form, we store the name, e-mail address, subject
            and message you send, so that we can reply.
          </li>
          <li>
            <strong>Usage data.</strong> Like most websites, our servers record technical data about requests — IP
            address, browser type, pages visited, referring page and time — to keep the site secure, prevent abuse (for
            example rate limits) and understand which pages are useful. Clicks on providers' website links are counted
            per day, without identifying you.
          </li>
          <li>
            <strong>Cookies and local storage.</strong> A cookie keeps you signed in (a random session identifier; it
            lasts until you log out or it expires). The app stores a copy of the directory in your browser so it works
            offline; this stays on your device. Advertising and analytics partners may set their own cookies, as
            described below.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-data',
    title: 'How We Use Information',
    body: (
      <ul>
        <li>to run the site: sign-in, reviews, votes and your profile;</li>
        <li>to moderate reviews and keep ratings fair;</li>
        <li>to answer your messages and requests to add networks or providers;</li>
        <li>to keep the site secure and available, and to improve it.</li>
      </ul>
    ),
  },
  {
    id: 'advertising-analytics',
    title: 'Advertising and Analytics',
    body: (
      <>
        <p>
          The site may show advertising and use Google Analytics and Google Tag Manager to measure how it is used. These
          Google services may set cookies or use similar technologies, and receive information such as your IP address,
          device and browser data and the pages you visit. Google may use this data to provide its services, including
          personalised ads, according to its own policies; see{' '}
          <a href="https://policies.google.com/technologies/partner-sites" target="_blank" rel="noopener noreferrer">
            How Google uses information from sites that use its services
          </a>
          .
        </p>
        <p>
          You can opt out of personalised advertising in{' '}
          <a href="https://adssettings.google.com" target="_blank" rel="noopener noreferrer">
            Google's Ad Settings
          </a>
          , and out of Google Analytics with the{' '}
          <a href="https://tools.google.com/dlpage/gaoptout" target="_blank" rel="noopener noreferrer">
            Google Analytics opt-out add-on
          </a>
          . Blocking cookies in your browser also works; the directory remains fully usable.
        </p>
      </>
    ),
  },
  {
    id: 'no-sale',
    title: 'We Do Not Sell Your Data',
    body: (
      <p>
        We do not sell, rent or trade your personal information. We share it only with service providers that help us
        run the site (hosting, sign-in through Google, the advertising and analytics services above), and when the law
        requires it.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    body: (
      <>
        <p>Depending on where you live, you may have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and receive a copy;</li>
          <li>correct it — your display name and names can be edited at any time in Edit Profile;</li>
          <li>have it deleted, including your account and reviews;</li>
          <li>object to or restrict some processing, and withdraw consent where we rely on it;</li>
          <li>complain to your data protection authority.</li>
        </ul>
        <p>
          To exercise any of these rights, write to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. We answer
          within 30 days.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        The site is served over HTTPS, session cookies are HTTP-only and never readable by scripts, and we store no
        passwords — sign-in goes through Google. Access to stored data is limited to the people who run the site. No
        method of transmission or storage is completely secure, but we work to protect your information and will inform
        you of a breach that affects you as the law requires.
      </p>
    ),
  },
  {
    id: 'children',
    title: "Children's Privacy",
    body: (
      <p>
        {PRODUCT_NAME} is not directed to children under {CHILDREN_MIN_AGE}, and we do not knowingly collect personal
        information from children under {CHILDREN_MIN_AGE}. If you believe a child under {CHILDREN_MIN_AGE} has given us
        personal information, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'retention-changes',
    title: 'Retention and Changes',
    body: (
      <p>
        We keep account data and reviews while your account exists, contact messages for as long as needed to handle
        them, and server logs for a limited period. We may update this policy; the date at the top shows the latest
        version, and material changes are announced on the site.
      </p>
    ),
  },
  {
    id: 'contact-us',
    title: 'Contact Us',
    body: (
      <p>
        Questions or requests about your privacy: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>, or the{' '}
        <Link to="/contact">contact form</Link>.
      </p>
    ),
  },
];

function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      crumb="Privacy Policy"
      sections={sections}
      intro={
        <p>
          This policy explains what personal information {PRODUCT_NAME} collects when you use the site, how we use it,
          and the choices you have. It applies together with our <Link to="/terms">Terms of Service</Link>.
        </p>
      }
    />
  );
}
