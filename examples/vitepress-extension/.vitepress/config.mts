// The docs site's config. spec-check only notes that it exists (a VitePress site); it never runs it.
export default {
  title: "Timers extension",
  themeConfig: { sidebar: [{ text: "Timers", link: "/specification/draft/timers" }] },
};
