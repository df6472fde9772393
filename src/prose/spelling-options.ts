/** Config `spelling`: what `spelling/unknown-word` takes beyond the tree. */
export interface SpellingOptions {
  /** Words the spec uses that the dictionaries lack (product names, jargon), accepted in any case. */
  words?: string[];
}
