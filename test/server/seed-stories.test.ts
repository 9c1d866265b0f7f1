import { describe, expect, it } from 'vitest';
import { CONTRACT_STATUSES } from '../../src/shared/constants.js';
import { PLOTS, STATUS_MIX, storyTo } from '../../src/server/db/seed/demo/contract-plots.js';
import { gradesABC, playStory, type Terms } from '../../src/server/db/seed/demo/contract-story.js';

/*
 * The demo seed's stories are grouped by where the lifecycle takes them, and a status that none of them ends in
 * gets the shortest story the table allows: adding a status to the lifecycle needs no seed edit.
 */
const terms: Terms = {
  price: 6000,
  prices: gradesABC(6000),
  payment_days: 7,
  quantity: 2000,
  unit: 'kg',
  start_date: '2026-02-01',
  end_date: '2026-08-01',
  delivery_terms: null,
};
const endOf = (steps: Parameters<typeof playStory>[1]) => playStory(terms, steps, new Date(0), 2).status;

describe('the demo stories', () => {
  it.each(CONTRACT_STATUSES)('%s: every story told for it ends in it', (status) => {
    expect(PLOTS[status].length).toBeGreaterThan(0);
    for (const steps of PLOTS[status]) expect(endOf(steps)).toBe(status);
  });

  it.each(CONTRACT_STATUSES)(
    '%s: the lifecycle alone finds a story to it, starting with an offer',
    (status) => {
      const steps = storyTo(status);
      expect(steps[0]).toEqual({ a: 'offer' });
      expect(endOf(steps)).toBe(status);
    },
  );

  it('finds the shortest: an offer is pending, signed by both it is approved', () => {
    expect(storyTo('pending')).toEqual([{ a: 'offer' }]);
    expect(storyTo('approved').map((step) => step.a)).toEqual(['offer', 'sign', 'sign']);
  });

  it('draws every status among the other contracts', () => {
    expect(STATUS_MIX.map(([status]) => status)).toEqual(CONTRACT_STATUSES);
    for (const [, share] of STATUS_MIX) expect(share).toBeGreaterThan(0);
  });
});
