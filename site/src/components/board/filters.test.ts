/** The board's URL filters and its state changes: lenient reading, one URL per filter set, counts that follow the cards. */
import { describe, expect, it } from 'vitest';
import { applicant, boardList, northwindCards } from '../../testing/board';
import { boardFilters, onlyOpenChanged, openParam, withFilters, withOpen } from './filters';
import { appendPage, boardStateOf, cardsByColumn, hasMore, placeCard, updateCard } from './state';

describe('board filters in the URL', () => {
  it('reads the filters it knows and drops what is malformed', () => {
    expect(boardFilters(new URLSearchParams('job=7&stage=custom:3&rating=4&search=%20ada%20'))).toEqual({ job: 7, stage: 'custom:3', rating: 4, search: 'ada' });
    expect(boardFilters(new URLSearchParams('job=0&stage=custom&rating=6&search=%20'))).toEqual({});
    expect(boardFilters(new URLSearchParams('job=abc&stage=rejected&rating=1'))).toEqual({ stage: 'rejected', rating: 1 });
    expect(boardFilters(new URLSearchParams(`search=${'x'.repeat(150)}`)).search).toHaveLength(100);
    expect(openParam(new URLSearchParams('open=31'))).toBe(31);
    expect(openParam(new URLSearchParams('open=-1'))).toBeNull();
  });

  it('writes one URL per set of filters, keeping the page’s own values', () => {
    const query = new URLSearchParams('tab=applicants&search=old&open=4');
    expect(withFilters(query, { search: 'ada', stage: 'hired', job: 2 }).toString()).toBe('tab=applicants&open=4&job=2&stage=hired&search=ada');
    expect(withFilters(query, {}).toString()).toBe('tab=applicants&open=4');
    expect(withOpen(query, null).toString()).toBe('tab=applicants&search=old');
  });

  it('tells an opened or closed card from a change of filters', () => {
    const url = (search: string) => new URL(`http://x/client/startups/a/applicants${search}`);
    expect(onlyOpenChanged(url('?stage=hired'), url('?stage=hired&open=3'))).toBe(true);
    expect(onlyOpenChanged(url('?open=3&stage=hired'), url('?stage=hired'))).toBe(true);
    expect(onlyOpenChanged(url('?stage=hired'), url('?stage=applied&open=3'))).toBe(false);
    // A revalidation of the same URL loads again.
    expect(onlyOpenChanged(url('?open=3'), url('?open=3'))).toBe(false);
  });
});

describe('board state', () => {
  it('moves a card to the top of its new column, and the counts with it', () => {
    const state = boardStateOf(boardList(northwindCards()));
    const ada = state.cards[0]!;
    const moved = placeCard(state, { ...ada, stage: 'hired' });
    expect(cardsByColumn(moved.cards).get('hired')!.map((c) => c.applicant.fullName)).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(moved.counts).toMatchObject({ applied: 0, hired: 2 });
    // Back where it was, at its old place.
    const back = placeCard(moved, ada, 0);
    expect(back.cards.map((c) => c.id)).toEqual(state.cards.map((c) => c.id));
    expect(back.counts).toEqual(state.counts);
    // A card that is not loaded changes nothing.
    expect(placeCard(state, applicant(99, 'Nobody'))).toBe(state);
  });

  it('updates a card in place and appends the next page without doubles', () => {
    const state = boardStateOf(boardList(northwindCards(), { total: 600 }));
    expect(hasMore(state)).toBe(true);
    const rated = updateCard(state, { ...state.cards[1]!, rating: 3 });
    expect(rated.cards[1]!.rating).toBe(3);
    expect(rated.counts).toEqual(state.counts);
    const next = appendPage(rated, boardList([northwindCards()[0]!, applicant(6, 'Katherine Johnson')], { total: 600, page: 2 }));
    expect(next.cards.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(hasMore(next)).toBe(false);
  });
});
