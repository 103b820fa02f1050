/** Small labels on cards and job pages; category colours are accents (a dot), never the text colour (ui.md). */
import { CATEGORIES } from '@nordlys/sdk/constants';
import type { CSSProperties, ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

export function Chip({ icon, children, tone }: { icon?: IconName; children: ReactNode; tone?: 'accent' }) {
  return (
    <span className={tone ? `chip chip--${tone}` : 'chip'}>
      {icon ? <Icon name={icon} /> : null}
      {children}
    </span>
  );
}

export function categoryOf(value: string) {
  return CATEGORIES.find((c) => c.value === value);
}

export function CategoryChip({ value }: { value: string }) {
  const category = categoryOf(value);
  if (!category) return null;
  return (
    <span className="chip chip--category" style={{ '--chip-accent': category.color } as CSSProperties}>
      <span className="chip__dot" aria-hidden="true" />
      {category.text}
    </span>
  );
}
