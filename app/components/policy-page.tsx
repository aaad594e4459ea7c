import Markdown, { type Components } from 'react-markdown';

import { useI18n } from '~/lib/i18n';

interface PolicyPageProps {
  title: string;
  markdown: string | null;
  error: string | null;
}

// The page's h1 is the document title; the document's own sections start at h2.
const components: Components = {
  h1: 'h2',
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
