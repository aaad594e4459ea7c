import type { HomeHero as Hero } from '~/lib/catalogue';
import { useI18n } from '~/lib/i18n';

import { ShopLink } from './shop-link';

/**
 * Above the grid: the brand's line and the owner's hero (ADR 073) or else the newest piece, its art and a link to it. The box keeps its
 * shape before the image arrives (aspect ratio and the image's own size), so nothing below moves.
 */
export function HomeHero({ hero }: { hero: Hero }) {
  const { t } = useI18n();
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      {hero.image ? (
        <img
          className="home-hero__art"
          src={hero.image.src}
          srcSet={hero.image.srcSet}
          sizes="(max-width: 600px) 100vw, 50vw"
          width={hero.image.width}
          height={hero.image.height}
          alt=""
          decoding="async"
          loading="eager"
        />
      ) : null}
      <div className="home-hero__text">
        <p className="eyebrow">{t('home.heroEyebrow')}</p>
        <h2 id="home-hero-title" className="home-hero__title">
          {hero.words ? hero.words.headline : t('home.heroTitle', { name: hero.name })}
        </h2>
        {hero.line ? <p className="home-hero__line">{hero.line}</p> : null}
        <ShopLink to={hero.href} className="button home-hero__link" prefetch="intent">
          {hero.words ? hero.words.button : t('home.heroLink', { name: hero.name })}
        </ShopLink>
      </div>
    </section>
  );
}
