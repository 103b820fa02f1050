/** Real Nordic cities and streets, with each country's currency, for job locations and salaries. */
import type { NORDIC_COUNTRY_CODES } from '@nordlys/sdk/constants';

export type NordicCountryCode = (typeof NORDIC_COUNTRY_CODES)[number];

export interface City {
  locality: string;
  countryCode: NordicCountryCode;
  /** How many startups and jobs the city draws, relative to the others. */
  weight: number;
  /** [street, postcode] pairs. */
  streets: readonly (readonly [string, string])[];
}

/** The currency of salary ranges in each country. */
export const CURRENCIES: Record<NordicCountryCode, string> = { DK: 'DKK', SE: 'SEK', NO: 'NOK', FI: 'EUR', IS: 'ISK' };

/** How often a startup is based in each country. */
export const COUNTRY_WEIGHTS: readonly (readonly [NordicCountryCode, number])[] = [
  ['DK', 34],
  ['SE', 27],
  ['NO', 17],
  ['FI', 16],
  ['IS', 6],
];

export const CITIES: readonly City[] = [
  { locality: 'Copenhagen', countryCode: 'DK', weight: 10, streets: [['Vesterbrogade', '1620'], ['Store Kongensgade', '1264'], ['Refshalevej', '1432'], ['Njalsgade', '2300'], ['Gothersgade', '1123'], ['Nørrebrogade', '2200']] },
  { locality: 'Aarhus', countryCode: 'DK', weight: 4, streets: [['Åboulevarden', '8000'], ['Inge Lehmanns Gade', '8000'], ['Frederiks Allé', '8000'], ['Jægergårdsgade', '8000']] },
  { locality: 'Odense', countryCode: 'DK', weight: 2, streets: [['Forskerparken', '5230'], ['Kongensgade', '5000'], ['Thomas B. Thriges Gade', '5000']] },
  { locality: 'Aalborg', countryCode: 'DK', weight: 2, streets: [['Boulevarden', '9000'], ['Niels Jernes Vej', '9220'], ['Nyhavnsgade', '9000']] },
  { locality: 'Stockholm', countryCode: 'SE', weight: 10, streets: [['Sveavägen', '111 57'], ['Birger Jarlsgatan', '114 34'], ['Regeringsgatan', '111 53'], ['Götgatan', '118 46'], ['Torsgatan', '113 21'], ['Hornsgatan', '118 20']] },
  { locality: 'Gothenburg', countryCode: 'SE', weight: 4, streets: [['Lindholmspiren', '417 56'], ['Kungsportsavenyen', '411 36'], ['Östra Hamngatan', '411 10'], ['Vasagatan', '411 24']] },
  { locality: 'Malmö', countryCode: 'SE', weight: 3, streets: [['Stora Nygatan', '211 37'], ['Carlsgatan', '211 20'], ['Östra Varvsgatan', '211 75']] },
  { locality: 'Uppsala', countryCode: 'SE', weight: 2, streets: [['Dragarbrunnsgatan', '753 20'], ['Dag Hammarskjölds väg', '752 37'], ['Kungsgatan', '753 21']] },
  { locality: 'Oslo', countryCode: 'NO', weight: 8, streets: [['Karl Johans gate', '0154'], ['Akersgata', '0158'], ['Schweigaards gate', '0191'], ['Thorvald Meyers gate', '0555'], ['Dronning Eufemias gate', '0191']] },
  { locality: 'Bergen', countryCode: 'NO', weight: 3, streets: [['Strandkaien', '5013'], ['Thormøhlens gate', '5006'], ['Kong Oscars gate', '5017']] },
  { locality: 'Trondheim', countryCode: 'NO', weight: 3, streets: [['Munkegata', '7011'], ['Prinsens gate', '7012'], ['Professor Brochs gate', '7030']] },
  { locality: 'Stavanger', countryCode: 'NO', weight: 2, streets: [['Kirkegata', '4006'], ['Løkkeveien', '4008'], ['Verksgata', '4013']] },
  { locality: 'Helsinki', countryCode: 'FI', weight: 8, streets: [['Mannerheimintie', '00100'], ['Aleksanterinkatu', '00100'], ['Bulevardi', '00120'], ['Itämerenkatu', '00180'], ['Fredrikinkatu', '00120']] },
  { locality: 'Espoo', countryCode: 'FI', weight: 3, streets: [['Otakaari', '02150'], ['Keilaranta', '02150'], ['Tekniikantie', '02150']] },
  { locality: 'Tampere', countryCode: 'FI', weight: 3, streets: [['Hämeenkatu', '33100'], ['Kalevantie', '33100'], ['Åkerlundinkatu', '33100']] },
  { locality: 'Turku', countryCode: 'FI', weight: 2, streets: [['Linnankatu', '20100'], ['Yliopistonkatu', '20100'], ['Joukahaisenkatu', '20520']] },
  { locality: 'Oulu', countryCode: 'FI', weight: 2, streets: [['Kirkkokatu', '90100'], ['Elektroniikkatie', '90590'], ['Kauppurienkatu', '90100']] },
  { locality: 'Reykjavík', countryCode: 'IS', weight: 4, streets: [['Laugavegur', '101'], ['Borgartún', '105'], ['Grandagarður', '101'], ['Lækjargata', '101']] },
  { locality: 'Akureyri', countryCode: 'IS', weight: 1, streets: [['Hafnarstræti', '600'], ['Glerárgata', '600'], ['Strandgata', '600']] },
];

/** The cities of one country, as [city, weight] pairs for Random.weighted. */
export function citiesOf(countryCode: string): readonly (readonly [City, number])[] {
  return CITIES.filter((c) => c.countryCode === countryCode).map((c) => [c, c.weight] as const);
}

/** A location row per street: the jobs of every run share these. */
export interface LocationSeed {
  locality: string;
  countryCode: NordicCountryCode;
  address: string;
}

/**
 * Every street of every city as a location row, with a fixed house number.
 * @example locationSeeds()[0] // { locality: 'Copenhagen', countryCode: 'DK', address: 'Vesterbrogade 7, 1620 Copenhagen' }
 */
export function locationSeeds(): LocationSeed[] {
  return CITIES.flatMap((city) =>
    city.streets.map(([street, postcode], i) => ({
      locality: city.locality,
      countryCode: city.countryCode,
      address: `${street} ${7 + ((street.length * 13 + i * 29) % 140)}, ${postcode} ${city.locality}`,
    })),
  );
}
