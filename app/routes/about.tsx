import type { HeadersFunction, MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';

import { BRAND } from '@contract/brand';

import { Portrait, type PortraitLook } from '~/components/portrait';
import type { NavigationHandle } from '~/lib/navigation';
import { shareablePageHeaders } from '~/lib/page-cache.server';
import { pageTitle } from '~/lib/page-title';

export const handle: NavigationHandle = { pageTitle: 'About' };

export const meta: MetaFunction = () => [
  { title: pageTitle('About') },
  { name: 'description', content: `The story of ${BRAND.name} and the people who make it, between Milan and Genoa.` },
];

export const headers: HeadersFunction = () => shareablePageHeaders(3600);

const TEAM: { name: string; role: string; bio: string; look: PortraitLook }[] = [
  {
    name: 'Giulia Ferraro',
    role: 'Founder and creative director',
    bio: 'Grew up between her grandmother’s knitting mill and the skate spots of Milan. Draws every piece by hand before it becomes a pattern.',
    look: { skin: '#e8b894', hair: '#2b1d14', top: '#b3261e', background: '#f2d7c9', hairStyle: 'long' },
  },
  {
    name: 'Marco Bellini',
    role: 'Head of production, Genoa studio',
    bio: 'Twenty years cutting cloth for tailors on the Ligurian coast. Decides which mill, which thread and how many pieces a batch can be.',
    look: { skin: '#c98e66', hair: '#5b5b5b', top: '#1d1d1f', background: '#d9e0e8', hairStyle: 'short', glasses: true },
  },
  {
    name: 'Amina Diallo',
    role: 'Pattern cutter',
    bio: 'Turns sketches into patterns and fits every size on real people. The padding in the Padded Tee took her eleven prototypes.',
    look: { skin: '#7a4a2e', hair: '#151515', top: '#d8c7a8', background: '#e6dccd', hairStyle: 'curly' },
  },
  {
    name: 'Luca Moretti',
    role: 'Community and customer care',
    bio: 'Answers your messages, packs the drops and runs the Saturday studio mornings. Knows the stock of every size by heart.',
    look: { skin: '#f0c8a5', hair: '#a0622d', top: '#556b4f', background: '#dfe8d6', hairStyle: 'bun' },
  },
];

export default function About() {
  return (
    <div className="about">
      <section className="about__intro" aria-labelledby="about-heading">
        <p className="eyebrow">Our story</p>
        <h1 id="about-heading" className="page-title">
          Small batches, cut and sewn in Italy
        </h1>
        <p className="lead">
          {BRAND.name} means thread. We started in 2021 with one tee, a borrowed sewing machine and a question: why does streetwear that
          looks this good fall apart this fast?
        </p>
      </section>

      <section className="about__story" aria-labelledby="story-heading">
        <h2 id="story-heading">From a Milan bedroom to a Genoa studio</h2>
        <div className="about__columns">
          <p>
            The first Tracer Tees were printed in a bedroom in Milan and sold out of a backpack at skate parks. People kept coming back, not
            for the graphic, but because the shirt still fit after fifty washes. That became the rule: every {BRAND.name} piece is made to
            be worn hard and kept for years.
          </p>
          <p>
            Today our pieces are cut and sewn in our studio in Genoa, a few streets from the old port, from cotton knitted by family mills
            in Piedmont and Lombardy. We make each design in small batches, numbered, and we do not restock a sold-out run in the same
            colour. When it is gone, it is gone.
          </p>
          <p>
            We keep our studio open on Saturday mornings. Come by to try sizes, see how a tee is made, or just talk. Our headquarters stay
            in Milan, where the next drop is always being drawn.
          </p>
        </div>
        <ul className="about__facts">
          <li>
            <strong>100%</strong> made in Italy
          </li>
          <li>
            <strong>300</strong> pieces per batch, at most
          </li>
          <li>
            <strong>26 months</strong> legal guarantee on every piece
          </li>
        </ul>
      </section>

      <section className="about__team" aria-labelledby="team-heading">
        <h2 id="team-heading">The team</h2>
        <ul className="team-list">
          {TEAM.map((member) => (
            <li key={member.name} className="team-member">
              <Portrait name={member.name} look={member.look} />
              <h3 className="team-member__name">{member.name}</h3>
              <p className="team-member__role">{member.role}</p>
              <p className="team-member__bio">{member.bio}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="about__cta" aria-labelledby="cta-heading">
        <h2 id="cta-heading">Say hello</h2>
        <p>Questions about sizing, an order, or working with us? We read every message.</p>
        <div className="button-row">
          <Link to="/contact" className="button">
            Contact us
          </Link>
          <Link to="/" className="button button--ghost">
            Shop the collection
          </Link>
        </div>
      </section>
    </div>
  );
}
