import { useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';

import { SHOP_RULES } from '@contract/shop-rules';

import { useI18n } from '~/lib/i18n';

/**
 * The long description: a side card on large screens; at 768 px or narrower, collapsed behind
 * 'Read more' when longer than 200 characters. Without JavaScript a checkbox and its label do the
 * toggling. `html` is the description's Markdown rendered on the server (raw HTML dropped).
 */
export function LongDescription({ text, html }: { text: string; html: string }) {
  const hydrated = useHydrated();
  const [expanded, setExpanded] = useState(false);
  const { t } = useI18n();
  if (!text) return null;
  const collapsible = text.length > SHOP_RULES.longDescriptionCollapseChars;
  return (
    <aside
      className={`long-desc${collapsible ? ' long-desc--collapsible' : ''}${hydrated ? ' is-hydrated' : ''}${expanded ? ' is-expanded' : ''}`}
      aria-labelledby="long-desc-heading"
    >
      <h2 id="long-desc-heading" className="long-desc__heading">
        {t('product.aboutThisPiece')}
      </h2>
      {collapsible && !hydrated ? (
        <input
          type="checkbox"
          id="long-desc-toggle"
          className="long-desc__toggle visually-hidden"
          aria-label={t('product.showWholeDescription')}
        />
      ) : null}
      <div className="long-desc__text" id="long-desc-text" dangerouslySetInnerHTML={{ __html: html }} />
      {collapsible ? (
        hydrated ? (
          <button
            type="button"
            className="long-desc__more"
            aria-expanded={expanded}
            aria-controls="long-desc-text"
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? t('product.showLess') : t('product.readMore')}
          </button>
        ) : (
          <label htmlFor="long-desc-toggle" className="long-desc__more">
            <span className="long-desc__more-closed">{t('product.readMore')}</span>
            <span className="long-desc__more-open">{t('product.showLess')}</span>
          </label>
        )
      ) : null}
    </aside>
  );
}
