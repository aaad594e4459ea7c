import { type HeadersFunction, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import Markdown from 'react-markdown';

import { BRAND } from '@contract/brand';

import { Portrait, type PortraitLook } from '~/components/portrait';
import { localizedPath, type MessageKey, metaTranslator, useI18n } from '~/lib/i18n';
import { i18nData } from '~/lib/i18n.server';
import type { NavigationHandle } from '~/lib/navigation';
import { cachingHeaders } from '~/lib/page-cache.server';
import { pageTitle } from '~/lib/page-title';
import { shopPageTexts } from '~/lib/shop-pages.server';

export const handle: NavigationHandle = { pageTitle: 'About' };

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => {
  const { t } = metaTranslator(location, matches, data);
  return [
    { title: pageTitle(t('title.about')) },
    ...(data?.page.description ? [{ name: 'description', content: data.page.description }] : []),
  ];
};

export const headers: HeadersFunction = ({ loaderHeaders }) => cachingHeaders(loaderHeaders);

/**
 * The page's words in its language: the heading, description and story the owner published (ADR 073),
 * the rest from the catalogues. The page is the same for everyone, so it is shared (ADR 015).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { texts, caching } = await shopPageTexts(context.visitorApi, 'about', context.locale);
  return json({ page: texts, i18n: i18nData(context, 'about') }, { headers: caching });
}

const TEAM: { name: string; role: MessageKey; bio: MessageKey; look: PortraitLook }[] = [
  {
    name: 'Giulia Ferraro',
    role: 'team.giulia.role',
    bio: 'team.giulia.bio',
    look: { skin: '#e8b894', hair: '#2b1d14', top: '#b3261e', background: '#f2d7c9', hairStyle: 'long' },
  },
  {
    name: 'Marco Bellini',
    role: 'team.marco.role',
    bio: 'team.marco.bio',
    look: { skin: '#c98e66', hair: '#5b5b5b', top: '#1d1d1f', background: '#d9e0e8', hairStyle: 'short', glasses: true },
  },
  {
    name: 'Amina Diallo',
    role: 'team.amina.role',
    bio: 'team.amina.bio',
    look: { skin: '#7a4a2e', hair: '#151515', top: '#d8c7a8', background: '#e6dccd', hairStyle: 'curly' },
  },
  {
    name: 'Luca Moretti',
    role: 'team.luca.role',
    bio: 'team.luca.bio',
    look: { skin: '#f0c8a5', hair: '#a0622d', top: '#556b4f', background: '#dfe8d6', hairStyle: 'bun' },
  },
];

export default function About() {
  const { page } = useLoaderData<typeof loader>();
  const { locale, t } = useI18n();
  const brand = { brand: BRAND.name };
  return (
    <div className="about">
      <section className="about__intro" aria-labelledby="about-heading">
        <p className="eyebrow">{t('about.eyebrow')}</p>
        <h1 id="about-heading" className="page-title">
          {page.title}
        </h1>
        <p className="lead">{t('about.lead', brand)}</p>
      </section>

      <section className="about__story" aria-labelledby="story-heading">
        <h2 id="story-heading">{t('about.storyHeading')}</h2>
        <div className="about__columns">
          <Markdown skipHtml>{page.markdown}</Markdown>
        </div>
        <ul className="about__facts">
          <li>
            <strong>100%</strong> {t('about.factMadeIn')}
          </li>
          <li>
            <strong>300</strong> {t('about.factBatch')}
          </li>
          <li>
            <strong>{t('about.factGuaranteeFigure')}</strong> {t('about.factGuarantee')}
          </li>
        </ul>
      </section>

      <section className="about__team" aria-labelledby="team-heading">
        <h2 id="team-heading">{t('about.teamHeading')}</h2>
        <ul className="team-list">
          {TEAM.map((member) => (
            <li key={member.name} className="team-member">
              <Portrait name={member.name} look={member.look} />
              <h3 className="team-member__name">{member.name}</h3>
              <p className="team-member__role">{t(member.role)}</p>
              <p className="team-member__bio">{t(member.bio)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="about__cta" aria-labelledby="cta-heading">
        <h2 id="cta-heading">{t('about.ctaHeading')}</h2>
        <p>{t('about.ctaText')}</p>
        <div className="button-row">
          <Link to={localizedPath('/contact', locale)} className="button">
            {t('about.contactUs')}
          </Link>
          <Link to={localizedPath('/', locale)} className="button button--ghost">
            {t('about.shop')}
          </Link>
        </div>
      </section>
    </div>
  );
}
