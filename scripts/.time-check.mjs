import { check } from '../dist/check.js';
import { allRules } from '../dist/rules/index.js';
const mine = process.argv[2] === 'without' ? allRules.filter((r) => !r.id.startsWith('generated/')) : allRules;
const t = performance.now();
const r = await check('../shared/corpus/mcp-spec', { rules: mine });
console.log(process.argv[2], r.findings.length, 'findings', Math.round(performance.now() - t), 'ms');
