import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Importance } from '../enums';
import {
  rankCandidates,
  scoreProvider,
  type MatchingAnswer,
  type MatchingQuestion,
} from './matching';

/** Properties of the score and ranking (docs/rules/matching.md#score) over random questionnaires and answers. */

const VALUES = ['a', 'b', 'c', 'd', 'e', 'f'];

const questionsArb = fc
  .array(fc.boolean(), { minLength: 1, maxLength: 5 })
  .map((scales): MatchingQuestion[] =>
    scales.map((hasImportanceScale, i) => ({
      id: `q${i}`,
      key: `k${i}`,
      hasImportanceScale,
      type: 'MULTISELECT',
    })),
  );

const valuesArb = fc.subarray(VALUES, { minLength: 1 });
const importanceArb = fc.constantFrom<Importance>(1, 2, 3);

/** A questionnaire with a client's and a provider's answers (some questions unanswered). */
const caseArb = questionsArb.chain((questions) =>
  fc.record({
    questions: fc.constant(questions),
    client: fc.tuple(
      ...questions.map((q) =>
        fc.option(
          fc.record({
            questionId: fc.constant(q.id),
            value: fc.oneof(
              { weight: 5, arbitrary: valuesArb },
              { weight: 1, arbitrary: fc.constant(['any']) },
            ),
            importance: fc.option(importanceArb, { nil: null }),
          }),
          { nil: undefined },
        ),
      ),
    ),
    provider: fc.tuple(
      ...questions.map((q) =>
        fc.option(fc.record({ questionId: fc.constant(q.id), value: fc.subarray(VALUES) }), {
          nil: undefined,
        }),
      ),
    ),
  }),
);

/**
 * A deliberate budget for each property (a hundred generated cases): room for a
 * busy machine, far above what one takes (well under a second), so no result
 * depends on the machine's speed.
 */
const PROPERTY_BUDGET_MS = 30_000;

const defined = <T>(xs: readonly (T | undefined)[]): T[] =>
  xs.filter((x): x is T => x !== undefined);

describe('scoreProvider properties', () => {
  it(
    'always gives a score in [0, 1]',
    () => {
      fc.assert(
        fc.property(caseArb, ({ questions, client, provider }) => {
          const { score } = scoreProvider(defined(client), defined(provider), questions);
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(1);
        }),
      );
    },
    PROPERTY_BUDGET_MS,
  );

  it(
    'never lowers the score when the provider adds a value the client asked for',
    () => {
      fc.assert(
        fc.property(
          caseArb,
          fc.nat(),
          fc.nat(),
          ({ questions, client, provider }, qPick, vPick) => {
            const clientAnswers = defined(client).filter((a) => !a.value.includes('any'));
            fc.pre(clientAnswers.length > 0);
            const target = clientAnswers[qPick % clientAnswers.length]!;
            const added = target.value[vPick % target.value.length]!;
            const before = defined(provider);
            const existing = before.find((a) => a.questionId === target.questionId);
            const after: MatchingAnswer[] = existing
              ? before.map((a) =>
                  a === existing ? { ...a, value: [...new Set([...a.value, added])] } : a,
                )
              : [...before, { questionId: target.questionId, value: [added] }];
            const s0 = scoreProvider(defined(client), before, questions);
            const s1 = scoreProvider(defined(client), after, questions);
            expect(s1.score).toBeGreaterThanOrEqual(s0.score);
            // And it never turns an included provider into an excluded one.
            if (!s0.excluded) expect(s1.excluded).toBe(false);
          },
        ),
      );
    },
    PROPERTY_BUDGET_MS,
  );

  it(
    'excludes whenever a question answered with importance 3 has no overlap',
    () => {
      fc.assert(
        fc.property(caseArb, fc.nat(), ({ questions, client, provider }, pick) => {
          const scaled = questions.filter((q) => q.hasImportanceScale);
          fc.pre(scaled.length > 0);
          const q = scaled[pick % scaled.length]!;
          const wanted = ['a', 'b'];
          const clientAnswers = [
            ...defined(client).filter((a) => a.questionId !== q.id),
            { questionId: q.id, value: wanted, importance: 3 as const },
          ];
          const providerAnswers = [
            ...defined(provider).filter((a) => a.questionId !== q.id),
            { questionId: q.id, value: ['c', 'd'] },
          ];
          expect(scoreProvider(clientAnswers, providerAnswers, questions).excluded).toBe(true);
          expect(
            rankCandidates([
              {
                providerId: 'p',
                earliestSlot: '2030-01-01T10:00:00Z',
                ...scoreProvider(clientAnswers, providerAnswers, questions),
              },
            ]),
          ).toEqual([]);
        }),
      );
    },
    PROPERTY_BUDGET_MS,
  );
});

describe('rankCandidates properties', () => {
  const candidateArb = fc.record({
    providerId: fc.uuid(),
    score: fc.constantFrom(0.5, 0.75, 1),
    excluded: fc.constant(false),
    earliestSlot: fc
      .integer({ min: 0, max: 24 * 56 })
      .map((h) => new Date(Date.UTC(2030, 0, 1) + h * 3_600_000).toISOString()),
  });

  it(
    'orders by score, and equal scores by the earliest slot',
    () => {
      fc.assert(
        fc.property(
          fc.uniqueArray(candidateArb, { selector: (c) => c.providerId, maxLength: 30 }),
          (cs) => {
            const ranked = rankCandidates(cs, cs.length);
            expect(ranked).toHaveLength(cs.length);
            for (let i = 1; i < ranked.length; i += 1) {
              const [a, b] = [ranked[i - 1]!, ranked[i]!];
              expect(a.score).toBeGreaterThanOrEqual(b.score);
              if (a.score === b.score) expect(a.earliestSlot <= b.earliestSlot).toBe(true);
            }
          },
        ),
      );
    },
    PROPERTY_BUDGET_MS,
  );

  it(
    'keeps the best five, and a tie at the cut goes to the earlier slot',
    () => {
      fc.assert(
        fc.property(
          fc.uniqueArray(candidateArb, {
            selector: (c) => c.providerId,
            minLength: 6,
            maxLength: 30,
          }),
          (cs) => {
            const best = rankCandidates(cs);
            expect(best).toHaveLength(5);
            const chosen = new Set(best.map((c) => c.providerId));
            const last = best[4]!;
            for (const c of cs) {
              if (chosen.has(c.providerId)) continue;
              expect(c.score <= last.score).toBe(true);
              if (c.score === last.score) expect(c.earliestSlot >= last.earliestSlot).toBe(true);
            }
          },
        ),
      );
    },
    PROPERTY_BUDGET_MS,
  );
});
