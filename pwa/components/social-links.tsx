import { Github, Linkedin, MessageCircle, Send, Twitter } from 'lucide-react';
import { cn } from '../lib/cn.ts';

type Socials = {
  twitterUrl: string | null;
  discordUrl: string | null;
  telegramUrl: string | null;
  githubUrl: string | null;
  linkedinUrl: string | null;
};

const networks = [
  { key: 'twitterUrl', label: 'Twitter', Icon: Twitter },
  { key: 'discordUrl', label: 'Discord', Icon: MessageCircle },
  { key: 'telegramUrl', label: 'Telegram', Icon: Send },
  { key: 'githubUrl', label: 'GitHub', Icon: Github },
  { key: 'linkedinUrl', label: 'LinkedIn', Icon: Linkedin },
] as const;

export function socialLinks(s: Socials) {
  return networks.flatMap((n) => (s[n.key] ? [{ ...n, url: s[n.key]! }] : []));
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
