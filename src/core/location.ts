/** A 1-based position in a file, with the file's path relative to the root (`/`-separated). */
export interface Location {
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

/** Another place a finding involves (the other side of a contradiction), with what it says there. */
export interface RelatedLocation extends Location {
  message: string;
}
