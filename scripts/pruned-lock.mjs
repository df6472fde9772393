/**
 * A spec repository's lockfile cut down to the packages its generators and generated-file checks
 * run, for installing that toolchain alone into a temp folder (scripts/toolchain-fidelity.mjs,
 * scripts/generated-states.mjs).
 */

/** The packages the repository's generate and check scripts for schema.json and the Schema Reference run. */
export const GENERATOR_PACKAGES = ['typedoc', 'typescript', 'typescript-json-schema', 'tsx', 'cheerio'];

/**
 * The lockfile cut down to `wanted` and everything they depend on, resolved as Node does: a
 * dependency of `node_modules/a/node_modules/b` is looked up in its own `node_modules`, then in
 * each folder above.
 */
export function prunedLock(lock, wanted) {
  const packages = lock.packages;
  const keep = new Set();
  const resolve = (from, name) => {
    let base = from;
    for (;;) {
      const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (!base) return undefined;
      const cut = base.lastIndexOf('/node_modules/');
      base = cut < 0 ? '' : base.slice(0, cut);
    }
  };
  const visit = (location) => {
    if (keep.has(location)) return;
    keep.add(location);
    const entry = packages[location];
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    const deps = {
      ...entry.dependencies,
      ...entry.optionalDependencies,
      ...Object.fromEntries(Object.entries(entry.peerDependencies ?? {}).filter(([n]) => !optionalPeers[n]?.optional)),
    };
    for (const name of Object.keys(deps)) {
      const found = resolve(location, name);
      if (found) visit(found);
    }
  };
  const rootDeps = lock.packages[''].devDependencies ?? {};
  const devDependencies = {};
  for (const name of wanted) {
    if (!packages[`node_modules/${name}`]) throw new Error(`${name} is not in the lockfile`);
    devDependencies[name] =
      rootDeps[name] ?? lock.packages[''].dependencies?.[name] ?? packages[`node_modules/${name}`].version;
    visit(`node_modules/${name}`);
  }
  const out = { '': { name: 'spec-toolchain', version: '0.0.0', devDependencies } };
  for (const location of [...keep].sort()) out[location] = packages[location];
  return {
    packageJson: { name: 'spec-toolchain', version: '0.0.0', private: true, devDependencies },
    lock: { name: 'spec-toolchain', version: '0.0.0', lockfileVersion: 3, requires: true, packages: out },
  };
}
