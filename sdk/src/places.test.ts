import { describe, expect, it } from 'vitest';
import { countryCodeOfName, locationPath, placeKey } from './places';

describe('placeKey', () => {
  it('is the same for every spelling of a city: case and accents do not count', () => {
    for (const spelling of ['malmo', 'MALMÖ', 'malmö', 'Malmö', 'Malmö' /* o + combining diaeresis */, ' Malmö ']) expect(placeKey(spelling)).toBe('malmo');
    expect(placeKey('Reykjavík')).toBe('reykjavik');
    expect(placeKey('REYKJAVÍK')).toBe('reykjavik');
    expect(placeKey('Jyväskylä')).toBe('jyvaskyla');
  });

  it('spells out the Nordic letters that have no accent to drop', () => {
    expect(placeKey('København')).toBe('kobenhavn');
    expect(placeKey('TROMSØ')).toBe('tromso');
    expect(placeKey('Ærøskøbing')).toBe('aeroskobing');
    expect(placeKey('Århus')).toBe('arhus');
    expect(placeKey('Garðabær')).toBe('gardabaer');
    expect(placeKey('Þorlákshöfn')).toBe('thorlakshofn');
    expect(placeKey('Łódź')).toBe('lodz');
    expect(placeKey('Gießen')).toBe('giessen');
  });

  it('joins words with one dash, whatever stood between them', () => {
    expect(placeKey('New York')).toBe('new-york');
    expect(placeKey('new-york')).toBe('new-york');
    expect(placeKey('København  N.')).toBe('kobenhavn-n');
    expect(placeKey("Val-d'Isère")).toBe('val-d-isere');
    expect(placeKey('--')).toBe('');
  });

  it('keeps letters of other scripts', () => {
    expect(placeKey('Москва')).toBe('москва');
    expect(placeKey('İstanbul')).toBe('istanbul');
  });
});

describe('countryCodeOfName', () => {
  it('knows the Nordic countries by their English and their own names, in any case and spelling', () => {
    expect(['denmark', 'Danmark', 'SWEDEN', 'sverige', 'norway', 'Norge', 'finland', 'Suomi', 'iceland', 'Ísland', 'island'].map(countryCodeOfName)).toEqual([
      'DK', 'DK', 'SE', 'SE', 'NO', 'NO', 'FI', 'FI', 'IS', 'IS', 'IS',
    ]);
  });

  it('knows nothing else, codes included', () => {
    expect(countryCodeOfName('dk')).toBeUndefined();
    expect(countryCodeOfName('atlantis')).toBeUndefined();
    expect(countryCodeOfName('')).toBeUndefined();
  });
});

describe('locationPath', () => {
  it('builds the canonical URL: the code in lower case, the city as its place key', () => {
    expect(locationPath('SE', 'Malmö')).toBe('/jobs/location/se/malmo');
    expect(locationPath('is', 'REYKJAVÍK')).toBe('/jobs/location/is/reykjavik');
    expect(locationPath('DK')).toBe('/jobs/location/dk');
    expect(locationPath('remote')).toBe('/jobs/location/remote');
  });
});
