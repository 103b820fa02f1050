import { describe, expect, it } from 'vitest';
import { pageSteps, pageWindow } from './paging';

describe('pageWindow', () => {
  it('shows the first, the last and the neighbours of the current page, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, null, 5]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
  });

  it('fills a gap of one page at either end instead of showing a gap for it', () => {
    expect(pageWindow(7, 10)).toEqual([1, null, 6, 7, 8, 9, 10]);
    expect(pageWindow(14, 14)).toEqual([1, null, 13, 14]);
  });

  it('shows nothing for a list without pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('pageSteps', () => {
  it('names the previous and next pages, none past either end', () => {
    expect(pageSteps(1, 14)).toEqual({ prev: null, next: 2 });
    expect(pageSteps(2, 14)).toEqual({ prev: 1, next: 3 });
    expect(pageSteps(14, 14)).toEqual({ prev: 13, next: null });
    expect(pageSteps(1, 1)).toEqual({ prev: null, next: null });
    expect(pageSteps(1, 0)).toEqual({ prev: null, next: null });
  });
});
