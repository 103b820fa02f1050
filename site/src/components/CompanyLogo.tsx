/** A company's (or an investor's) logo in the thumbnail size (200×200), or a monogram avatar when it has none. */
import { initials } from '@nordlys/sdk/format';
import type { CSSProperties } from 'react';

// Dark enough for white initials at 4.5:1.
const MONOGRAM_COLOURS = ['#0f766e', '#1d4ed8', '#6d28d9', '#b45309', '#be123c', '#0e7490', '#4d7c0f', '#374151'];

function colourOf(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return MONOGRAM_COLOURS[hash % MONOGRAM_COLOURS.length]!;
}

interface LogoCompany {
  name: string;
  logoImage?: { sizes: { thumbnail: string } } | null;
}

export interface CompanyLogoProps {
  company: LogoCompany;
  size?: number;
  /** Above the fold (a profile's head): load at once rather than lazily. */
  eager?: boolean;
}

/** Decorative: the company name is always written next to it. */
export function CompanyLogo({ company, size = 48, eager = false }: CompanyLogoProps) {
  const style = { '--logo-size': `${size}px` } as CSSProperties;
  if (company.logoImage) {
    return (
      <img
        className="company-logo"
        style={style}
        src={company.logoImage.sizes.thumbnail}
        alt=""
        width={size}
        height={size}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
    );
  }
  return (
    <span
      className="company-logo company-logo--monogram"
      style={{ ...style, '--monogram-bg': colourOf(company.name) } as CSSProperties}
      aria-hidden="true"
    >
      {initials(company.name)}
    </span>
  );
}
