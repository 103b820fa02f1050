/**
 * The applicant board's data as the page holds it (issue #13): the loaded cards in order, the
 * counts per column, the company's stages and jobs, and the page info; and the pure changes made
 * to it by a move, a saved card, a bulk answer and "Load more". Kept apart from React so the rules
 * (counts follow the cards, a moved card goes to the top of its column) are tested alone.
 */
import { columnKey, type StageRef } from '@nordlys/sdk/pipeline';
import type { Applicant, ApplicantList, CompanyStage, PageInfo } from '@nordlys/sdk/schemas';

export interface BoardState {
  /** The loaded cards; a column shows its own in this order. */
  cards: Applicant[];
  /** columnKey → cards matching the filters (all pages). */
  counts: Record<string, number>;
  stages: CompanyStage[];
  jobs: ApplicantList['jobs'];
  page: PageInfo;
}

export const boardStateOf = (list: ApplicantList): BoardState => ({
  cards: list.applicants,
  counts: { ...list.counts },
  stages: list.stages,
  jobs: list.jobs,
  page: list.page,
});

/** Where a card is. */
export const refOf = (card: Pick<Applicant, 'stage' | 'stageId'>): StageRef => ({ stage: card.stage, stageId: card.stageId });

function shift(counts: Record<string, number>, from: string, to: string): Record<string, number> {
  if (from === to) return counts;
  return { ...counts, [from]: Math.max(0, (counts[from] ?? 0) - 1), [to]: (counts[to] ?? 0) + 1 };
}

/**
 * The state with `card` put first (the top of its column), replacing the loaded card of the same id
 * and moving one from the old column's count to the new one's. A card that was not loaded (opened
 * from a mail link under other filters) changes nothing.
 */
export function placeCard(state: BoardState, card: Applicant, at: 'top' | number = 'top'): BoardState {
  const index = state.cards.findIndex((c) => c.id === card.id);
  if (index < 0) return state;
  const before = state.cards[index]!;
  const rest = state.cards.filter((c) => c.id !== card.id);
  const position = at === 'top' ? 0 : Math.min(Math.max(0, at), rest.length);
  const cards = [...rest.slice(0, position), card, ...rest.slice(position)];
  return { ...state, cards, counts: shift(state.counts, columnKey(refOf(before)), columnKey(refOf(card))) };
}

/** The state with a loaded card's fields changed in place (a rating, the notes count, the saved answer of a move). */
export function updateCard(state: BoardState, card: Applicant): BoardState {
  const index = state.cards.findIndex((c) => c.id === card.id);
  if (index < 0) return state;
  const before = state.cards[index]!;
  const cards = state.cards.with(index, card);
  return { ...state, cards, counts: shift(state.counts, columnKey(refOf(before)), columnKey(refOf(card))) };
}

/** The index of a loaded card, or -1. */
export const indexOfCard = (state: BoardState, id: number): number => state.cards.findIndex((c) => c.id === id);

/** The state after "Load more": the next page's cards after the loaded ones (none twice), its counts and page info. */
export function appendPage(state: BoardState, list: ApplicantList): BoardState {
  const loaded = new Set(state.cards.map((c) => c.id));
  return {
    cards: [...state.cards, ...list.applicants.filter((c) => !loaded.has(c.id))],
    counts: { ...list.counts },
    stages: list.stages,
    jobs: list.jobs,
    page: list.page,
  };
}

/** Whether more cards match the filters than are loaded. */
export const hasMore = (state: BoardState): boolean => state.page.page < state.page.pages;

/** The loaded cards of each column, in order (one pass over the cards). */
export function cardsByColumn(cards: readonly Applicant[]): Map<string, Applicant[]> {
  const out = new Map<string, Applicant[]>();
  for (const card of cards) {
    const key = columnKey(refOf(card));
    const list = out.get(key);
    if (list) list.push(card);
    else out.set(key, [card]);
  }
  return out;
}
