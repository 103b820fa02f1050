/** Common first and last names per Nordic country, for team members, key people and demo users. */
import type { Random } from './random';
import type { NordicCountryCode } from './places';

const FIRST_NAMES: Record<Exclude<NordicCountryCode, 'IS'>, readonly string[]> = {
  DK: ['Mette', 'Anders', 'Sofie', 'Rasmus', 'Freja', 'Mads', 'Ida', 'Christian', 'Line', 'Jonas', 'Camilla', 'Frederik', 'Emma', 'Mikkel'],
  SE: ['Erik', 'Elin', 'Johan', 'Maja', 'Oskar', 'Astrid', 'Linnea', 'Gustav', 'Karin', 'Axel', 'Ebba', 'Viktor', 'Alva', 'Filip'],
  NO: ['Ingrid', 'Lars', 'Kari', 'Ola', 'Sigrid', 'Henrik', 'Nora', 'Magnus', 'Silje', 'Eirik', 'Thea', 'Håkon', 'Marit', 'Sindre'],
  FI: ['Aino', 'Mikko', 'Eveliina', 'Juha', 'Laura', 'Antti', 'Sanna', 'Ville', 'Helmi', 'Jussi', 'Noora', 'Eero', 'Kaisa', 'Timo'],
};

const LAST_NAMES: Record<Exclude<NordicCountryCode, 'IS'>, readonly string[]> = {
  DK: ['Jensen', 'Nielsen', 'Hansen', 'Pedersen', 'Andersen', 'Christensen', 'Larsen', 'Sørensen', 'Rasmussen', 'Kjær', 'Holm', 'Thomsen', 'Poulsen', 'Madsen'],
  SE: ['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Lindqvist', 'Berg', 'Lindström', 'Sjöberg', 'Holmberg', 'Ekström', 'Wallin', 'Lundgren', 'Forsberg'],
  NO: ['Hansen', 'Johansen', 'Olsen', 'Larsen', 'Andersen', 'Berg', 'Haugen', 'Bakke', 'Solberg', 'Dahl', 'Lunde', 'Strand', 'Moen', 'Nilsen'],
  FI: ['Korhonen', 'Virtanen', 'Mäkinen', 'Nieminen', 'Mäkelä', 'Hämäläinen', 'Laine', 'Heikkinen', 'Koskinen', 'Lehtonen', 'Salo', 'Järvinen', 'Lahtinen', 'Saarinen'],
};

// Icelandic last names are patronymics: the father's name plus -son or -dóttir.
const ICELANDIC_WOMEN = ['Guðrún', 'Sigríður', 'Kristín', 'Helga', 'Anna', 'Katrín', 'Sólveig', 'Ragnheiður'];
const ICELANDIC_MEN = ['Jón', 'Ólafur', 'Gunnar', 'Einar', 'Stefán', 'Sigurður', 'Kristján', 'Bjarni'];
/** [son of, daughter of] pairs. */
const ICELANDIC_PATRONYMICS: readonly (readonly [string, string])[] = [
  ['Jónsson', 'Jónsdóttir'],
  ['Sigurðsson', 'Sigurðardóttir'],
  ['Guðmundsson', 'Guðmundsdóttir'],
  ['Ólafsson', 'Ólafsdóttir'],
  ['Einarsson', 'Einarsdóttir'],
  ['Stefánsson', 'Stefánsdóttir'],
  ['Magnússon', 'Magnúsdóttir'],
  ['Gunnarsson', 'Gunnarsdóttir'],
];

export interface PersonName {
  firstName: string;
  lastName: string;
}

/** A plausible name for someone from the given country. */
export function personName(random: Random, countryCode: NordicCountryCode): PersonName {
  if (countryCode === 'IS') {
    const woman = random.chance(0.5);
    return {
      firstName: random.pick(woman ? ICELANDIC_WOMEN : ICELANDIC_MEN),
      lastName: random.pick(ICELANDIC_PATRONYMICS)[woman ? 1 : 0],
    };
  }
  return { firstName: random.pick(FIRST_NAMES[countryCode]), lastName: random.pick(LAST_NAMES[countryCode]) };
}

/** "First Last". */
export function fullName(name: PersonName): string {
  return `${name.firstName} ${name.lastName}`;
}
