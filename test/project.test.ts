import { describe, expect, it } from 'vitest';
import { derivation, Project } from '../src/project/project.js';
import { Runtime } from '../src/runtime/runtime.js';
import { checkRoot } from '../src/check.js';
import { loadSpec } from '../src/sources/load.js';
import { linkTargets } from '../src/prose/link-targets.js';
import { messageIndex } from '../src/prose/schema-index.js';
import type { Spec } from '../src/model/spec.js';
import { driftedSpec, sampleSpec } from './helpers.js';

const emptySpec = (): Spec => ({ root: '/', versions: [], seps: [], inputProblems: [], filesRead: 0 });

describe('Project', () => {
  it('computes a derivation once per subject, and again in another project', () => {
    let computed = 0;
    const lengthOf = derivation('test length', (text: { value: string }) => (computed++, text.value.length));
    const subject = { value: 'abc' };
    const runtime = new Runtime();
    const one = new Project(emptySpec(), runtime);
    expect(one.derive(lengthOf, subject)).toBe(3);
    expect(one.derive(lengthOf, subject)).toBe(3);
    expect(computed).toBe(1);
    const two = new Project(emptySpec(), runtime);
    expect(two.derive(lengthOf, subject)).toBe(3);
    expect(computed).toBe(2);
  });

  it('hands only the derivations that carry over to the project that replaces it', () => {
    let kept = 0;
    let fresh = 0;
    const carried = derivation('test carried', (_s: object) => ++kept, { carriesOver: true });
    const notCarried = derivation('test not carried', (_s: object) => ++fresh);
    const subject = {};
    const runtime = new Runtime();
    const first = new Project(emptySpec(), runtime);
    first.derive(carried, subject);
    first.derive(notCarried, subject);
    const next = new Project(emptySpec(), runtime, {}, first);
    expect(next.derive(carried, subject)).toBe(1);
    expect(next.derive(notCarried, subject)).toBe(2);
    expect([kept, fresh]).toEqual([1, 2]);
  });

  it('does not keep a value whose computation threw', () => {
    let calls = 0;
    const flaky = derivation('test flaky', (_s: object) => {
      if (++calls === 1) throw new Error('first call fails');
      return calls;
    });
    const project = new Project(emptySpec(), new Runtime());
    const subject = {};
    expect(() => project.derive(flaky, subject)).toThrow('first call fails');
    expect(project.derive(flaky, subject)).toBe(2);
  });

  it('keeps the indexes of two trees apart in one process', async () => {
    const [sample, drifted] = await Promise.all([loadSpec(sampleSpec), loadSpec(driftedSpec)]);
    const runtime = new Runtime({ worker: false });
    const a = new Project(sample, runtime);
    const b = new Project(drifted, runtime);
    expect(linkTargets(a)).not.toBe(linkTargets(b));
    expect(linkTargets(a)).toBe(linkTargets(a));
    const draft = (spec: Spec) => spec.versions.find((v) => v.id === 'draft')!;
    expect(messageIndex(a, draft(sample))).not.toBe(messageIndex(b, draft(drifted)));
  });

  it('checks two trees at once in one process as it checks each alone', async () => {
    const alone = [
      (await checkRoot(sampleSpec, { worker: false })).report,
      (await checkRoot(driftedSpec, { worker: false })).report,
    ];
    const together = await Promise.all([
      checkRoot(sampleSpec, { worker: false }),
      checkRoot(driftedSpec, { worker: false }),
    ]);
    expect(together.map((r) => r.report)).toEqual(alone);
    expect(alone[1].findings.length).toBeGreaterThan(0);
    expect(alone[0].findings).toEqual([]);
  });
});
