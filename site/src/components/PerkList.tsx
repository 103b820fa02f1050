/** The perks of a job or a startup, each with its icon (spec 3 perk icons), under a "Perks" heading. */
import { PERKS } from '@nordlys/sdk/constants';
import { Icon, isIconName } from './Icon';

/** A perk's words: the vocabulary's, or the stored value made readable ('parental-leave' → 'Parental leave'). */
export function perkText(value: string): string {
  const known = PERKS.find((p) => p.value === value)?.text;
  if (known) return known;
  const words = value.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : value;
}

export function PerkList({ perks }: { perks: readonly string[] }) {
  if (!perks.length) return null;
  return (
    <section aria-labelledby="perks">
      <h2 id="perks">Perks</h2>
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
