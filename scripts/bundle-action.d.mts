/** The action's bundle as scripts/bundle-action.mjs makes it, and the source files it holds. */
export function bundleAction(): Promise<{ text: string; inputs: string[] }>;
