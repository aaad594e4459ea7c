/** How one team member is drawn: skin, hair and jumper colours, and the hair's shape. */
export interface PortraitLook {
  skin: string;
  hair: string;
  top: string;
  background: string;
  hairStyle: 'short' | 'long' | 'bun' | 'curly';
  glasses?: boolean;
}

function Hair({ look }: { look: PortraitLook }) {
  switch (look.hairStyle) {
    case 'long':
      return <path d="M30 58c0-22 12-34 30-34s30 12 30 34v34H78V62c-6-6-30-8-36 0v30H30z" fill={look.hair} />;
    case 'bun':
      return (
        <g fill={look.hair}>
          <circle cx="60" cy="20" r="11" />
          <path d="M34 56c0-18 11-28 26-28s26 10 26 28c-8-10-44-10-52 0z" />
        </g>
      );
    case 'curly':
      return (
        <g fill={look.hair}>
          {[36, 46, 56, 66, 76, 84].map((x, i) => (
            <circle key={x} cx={x} cy={i % 2 ? 32 : 38} r="10" />
          ))}
        </g>
      );
    default:
      return <path d="M35 52c0-17 10-26 25-26s25 9 25 26c-6-8-16-11-25-11s-19 3-25 11z" fill={look.hair} />;
  }
}

/** A flat illustrated portrait drawn in SVG, so the page needs no photo files. */
export function Portrait({ name, look }: { name: string; look: PortraitLook }) {
  return (
    <svg className="portrait" viewBox="0 0 120 120" width="120" height="120" role="img" aria-label={`Illustrated portrait of ${name}`}>
      <rect width="120" height="120" rx="60" fill={look.background} />
      <path d="M22 120c2-22 18-34 38-34s36 12 38 34z" fill={look.top} />
      <rect x="52" y="72" width="16" height="16" rx="6" fill={look.skin} />
      <ellipse cx="60" cy="56" rx="24" ry="27" fill={look.skin} />
      <Hair look={look} />
      <circle cx="51" cy="58" r="2.4" fill="#1d1d1f" />
      <circle cx="69" cy="58" r="2.4" fill="#1d1d1f" />
      <path d="M53 70q7 5 14 0" stroke="#1d1d1f" strokeWidth="2" fill="none" strokeLinecap="round" />
      {look.glasses ? (
        <g stroke="#1d1d1f" strokeWidth="2" fill="none">
          <circle cx="51" cy="58" r="7" />
          <circle cx="69" cy="58" r="7" />
          <path d="M58 58h4" />
        </g>
      ) : null}
    </svg>
  );
}
