/**
 * A rule's `prepare` step: waited for only when it has work for the project. A rule whose step
 * returns nothing runs with the rules that have none, while the others' steps go on.
 */
import { describe, expect, it } from 'vitest';
import { Project } from '../src/project/project.js';
import { Runtime } from '../src/runtime/runtime.js';
import { prepareRules, runRulesWhenPrepared } from '../src/engine/run.js';
import type { Rule } from '../src/core/rule.js';
import type { Spec } from '../src/model/spec.js';

const emptySpec = (): Spec => ({ root: '/', versions: [], seps: [], inputProblems: [], filesRead: 0 });

describe('prepareRules', () => {
  it('waits for the steps that return work, and runs a rule whose step returns nothing at once', async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const rule = (id: string, prepare?: Rule['prepare']): Rule => ({
      meta: { id, description: id, rationale: id, defaultSeverity: 'error' },
      ...(prepare ? { prepare } : {}),
      check: () => void order.push(id),
    });
    const rules = [
      rule('test/generating', () => gate.then(() => void order.push('generated'))),
      rule('test/nothing-to-prepare', () => undefined),
      rule('test/no-step'),
    ];
    const project = new Project(emptySpec(), new Runtime({ worker: false }));
    const preparation = prepareRules(project, rules);
    expect([...preparation.waiting].map((r) => r.meta.id)).toEqual(['test/generating']);
    const running = runRulesWhenPrepared(project, rules, preparation, { onWaiting: () => void order.push('waiting') });
    // The rules yield to the event loop between each other (so a worker's answer is taken in).
    for (let i = 0; i < rules.length; i++) await new Promise((resolve) => setImmediate(resolve));
    // Once the others have run, the run says it waits (a check writes its cache entries then).
    expect(order).toEqual(['test/nothing-to-prepare', 'test/no-step', 'waiting']);
    release();
    await running;
    expect(order).toEqual(['test/nothing-to-prepare', 'test/no-step', 'waiting', 'generated', 'test/generating']);
  });

  it('does not say it waits when no rule waits for a step', async () => {
    const order: string[] = [];
    const rules: Rule[] = [
      {
        meta: { id: 'test/a', description: 'a', rationale: 'a', defaultSeverity: 'error' },
        check: () => void order.push('a'),
      },
    ];
    const project = new Project(emptySpec(), new Runtime({ worker: false }));
    await runRulesWhenPrepared(project, rules, prepareRules(project, rules), {
      onWaiting: () => void order.push('waiting'),
    });
    expect(order).toEqual(['a']);
  });
});
