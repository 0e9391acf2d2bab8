import { Github, Link, Linkedin, MessageCircle, Send, Twitter, type LucideIcon } from 'lucide-react';
import { SOCIAL_LINKS, type SocialLinkName } from '../../contract/social-links.ts';
import { cn } from '../lib/cn.ts';

type Socials = Record<SocialLinkName, string | null>;

/** The networks' own icons; a link without one shows a plain link icon. */
const ICONS: Partial<Record<SocialLinkName, LucideIcon>> = {
  twitterUrl: Twitter,
  discordUrl: MessageCircle,
  telegramUrl: Send,
  githubUrl: Github,
  linkedinUrl: Linkedin,
};

export function socialLinks(s: Socials) {
  return SOCIAL_LINKS.flatMap(({ name, network }) => {
    const url = s[name];
    return url ? [{ key: name, label: network, Icon: ICONS[name] ?? Link, url }] : [];
  });
}

/** Icon links to an entity's social profiles (new tab); `withLabels` adds the network names. */
export function SocialLinks({
  entity,
  name,
  withLabels = false,
  className,
}: {
  entity: Socials;
  name: string;
  withLabels?: boolean;
  className?: string;
}) {
  const links = socialLinks(entity);
  if (links.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-2', className)}>
      {links.map(({ key, label, Icon, url }) => (
        <li key={key}>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={withLabels ? undefined : `${name} on ${label} (opens in a new tab)`}
            className={cn(
              'inline-flex items-center gap-2 rounded-lg border border-slate-200 bg-white text-sm text-slate-700 hover:border-slate-300 hover:text-accent-700',
              withLabels ? 'px-3 py-1.5' : 'size-9 justify-center',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {withLabels && (
              <>
                {label}
                <span className="sr-only"> (opens in a new tab)</span>
              </>
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}
