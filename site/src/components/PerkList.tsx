/** The perks of a job or a startup, each with its icon (spec 3 perk icons), under a "Perks" heading. */
import { PERKS } from '@nordlys/sdk/constants';
import { Icon } from './Icon';
import { isIconName } from './icons';

/** A perk's words: the vocabulary's, or the stored value made readable ('parental-leave' → 'Parental leave'). */
export function perkText(value: string): string {
  const known = PERKS.find((p) => p.value === value)?.text;
  if (known) return known;
  const words = value.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : value;
}

/** `headingLevel`: the "Perks" heading's level, one below the page part it sits in (2 on a page). */
export function PerkList({ perks, headingLevel = 2 }: { perks: readonly string[]; headingLevel?: 2 | 3 | 4 | 5 }) {
  if (!perks.length) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby="perks">
      <Heading id="perks">Perks</Heading>
      <ul className="perk-list">
        {perks.map((perk) => (
          <li key={perk}>
            <span className="perk-list__icon">
              <Icon name={isIconName(perk) ? perk : 'check'} />
            </span>
            {perkText(perk)}
          </li>
        ))}
      </ul>
    </section>
  );
}
