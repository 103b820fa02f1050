/** Invented startup names: a Nordic word plus an industry-sounding ending ("Fjord Pay", "Lumi Health"). */
import type { Random } from './random';
import type { Industry } from './industries';
import { slugify } from './text';

/** Nordic words and places that startups like to name themselves after. */
const WORDS = [
  'Fjord', 'Aurora', 'Polar', 'Birch', 'Tundra', 'Saga', 'Hygge', 'Lagom', 'Sisu', 'Midgard',
  'Frost', 'Skog', 'Havn', 'Bølge', 'Lys', 'Sol', 'Storm', 'Ravn', 'Ulv', 'Elg',
  'Varde', 'Kompas', 'Fyr', 'Vind', 'Sky', 'Ask', 'Embla', 'Rune', 'Huldra', 'Njord',
  'Skald', 'Boreal', 'Arctic', 'Lumi', 'Kivi', 'Tuuli', 'Jökull', 'Hraun', 'Norr', 'Vika',
  'Mosi', 'Ljós', 'Kajak', 'Sauna', 'Salmiak', 'Lofoten', 'Skerry', 'Holm', 'Tinde', 'Eik',
  'Fyrtårn', 'Krone', 'Nordvik', 'Isbre', 'Flod', 'Glimt', 'Tyst', 'Klar', 'Hav', 'Bjørk',
] as const;

/**
 * A name and key not in `taken`; the key is added to `taken`.
 * @example startupName(random, industry, taken) // { name: 'Lumi Health', key: 'lumi-health' }
 */
export function startupName(random: Random, industry: Industry, taken: Set<string>): { name: string; key: string } {
  for (;;) {
    const name = `${random.pick(WORDS)} ${random.pick(industry.suffixes)}`;
    const key = slugify(name);
    if (!taken.has(key)) {
      taken.add(key);
      return { name, key };
    }
  }
}
