import { BRAND } from '@contract/brand';

/** The brand's social profiles, opened in a new tab. */
export function SocialLinks({ className, label }: { className: string; label?: string }) {
  return (
    <ul className={className} aria-label={label}>
      {BRAND.social.map((site) => (
        <li key={site.name}>
          <a href={site.url} rel="noopener noreferrer" target="_blank">
            {site.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
