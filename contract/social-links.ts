// The social profile links chains and providers carry, each declared once: its field (the column of the same
// snake_cased name) and the network's name. The answers' and the admin inputs' shapes (contract/fields.ts), the admin
// form's fields, the pages' icon links and the structured data's `sameAs` all come from this list; docs/social-links.md
// says how to add one.

export const SOCIAL_LINKS = [
  { name: 'twitterUrl', network: 'Twitter' },
  { name: 'discordUrl', network: 'Discord' },
  { name: 'telegramUrl', network: 'Telegram' },
  { name: 'githubUrl', network: 'GitHub' },
  { name: 'linkedinUrl', network: 'LinkedIn' },
] as const;

export type SocialLink = (typeof SOCIAL_LINKS)[number];
export type SocialLinkName = SocialLink['name'];

/** The admin form's label and the input's error messages name a link by this: "Twitter URL". */
export const socialLinkLabel = (link: SocialLink) => `${link.network} URL`;

/** One entry per social link, keyed by its field: the shapes of a zod object, a form's groups. */
export function perSocialLink<V>(value: (link: SocialLink) => V): Record<SocialLinkName, V> {
  return Object.fromEntries(SOCIAL_LINKS.map((link) => [link.name, value(link)])) as Record<SocialLinkName, V>;
}
