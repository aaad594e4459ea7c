import Markdown, { type Components } from 'react-markdown';

import { headingAnchor } from '@contract/withdrawal';

import { useI18n } from '~/lib/i18n';

interface PolicyPageProps {
  title: string;
  markdown: string | null;
  error: string | null;
}

// The page's h1 is the document title; the document's own sections start at h2.
// A section's heading carries an anchor made from its words, so a link can point at it (the model
// withdrawal form on the return policy, from the order page and the confirmation email).
const components: Components = {
  h1: 'h2',
  h2: ({ node: _node, children, ...rest }) => (
    <h2 {...rest} id={typeof children === 'string' ? headingAnchor(children) : undefined}>
      {children}
    </h2>
  ),
  a: ({ node: _node, href, children, ...rest }) => {
    const external = Boolean(href && /^https?:\/\//.test(href));
    return (
      <a href={href} {...rest} {...(external ? { rel: 'noopener noreferrer', target: '_blank' } : {})}>
        {children}
      </a>
    );
  },
};

/** A policy document rendered from markdown (raw HTML in it is dropped), or 'Error loading document:' and why. */
export function PolicyPage({ title, markdown, error }: PolicyPageProps) {
  const { t } = useI18n();
  return (
    <article className="policy" aria-labelledby="policy-title">
      <h1 id="policy-title" className="page-title">
        {title}
      </h1>
      {error !== null ? (
        <p className="notice notice--error" role="alert">
          {t('policy.errorLoading', { message: error })}
        </p>
      ) : (
        <div className="prose">
          <Markdown skipHtml components={components}>
            {markdown ?? ''}
          </Markdown>
        </div>
      )}
    </article>
  );
}
