/** A small decorative icon at the current font size, drawn by the stylesheet (icons.ts); give the text next to it the meaning. */
import type { IconName } from './icons';

export type { IconName };

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <span className={className ? `icon icon--${name} ${className}` : `icon icon--${name}`} aria-hidden="true" />;
}
