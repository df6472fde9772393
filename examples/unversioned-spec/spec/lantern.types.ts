/* Lantern Control Protocol (LCP): a small unversioned specification written for spec-check's tests. */

/**
 * The revision of LCP this file describes.
 *
 * @category Common Types
 */
export const PROTOCOL_REVISION = "0.4.0";

/**
 * A lantern that a host controls.
 *
 * @category Lanterns
 */
export interface Lantern {
  /** Stable identifier, unique among the host's lanterns. */
  id: string;
  /** A label a person gave the lantern. */
  label?: string;
  /**
   * How bright the lantern burns, from 0 (out) to 100 (full).
   *
   * @minimum 0
   * @maximum 100
   */
  brightness: number;
  /** The colour of its light. */
  colour: "warm" | "cool" | "amber";
}

/**
 * Asks the host for the lanterns it controls, a page at a time.
 *
 * @category Lanterns
 */
export interface ListLanternsRequest {
  method: "lanterns/list";
  params?: {
    /** Where the previous page ended. */
    cursor?: string;
  };
}

/**
 * The host's answer to `lanterns/list`.
 *
 * @category Lanterns
 */
export interface ListLanternsResult {
  lanterns: Lantern[];
  /** Present when more lanterns follow. */
  nextCursor?: string;
}

/**
 * Sets how bright a lantern burns.
 *
 * @category Lanterns
 */
export interface DimLanternRequest {
  method: "lanterns/dim";
  params: {
    /** The lantern to dim. */
    id: string;
    /**
     * The new brightness.
     *
     * @minimum 0
     * @maximum 100
     */
    brightness: number;
  };
}

/**
 * The host's answer to `lanterns/dim`: the lantern as it now is.
 *
 * @category Lanterns
 */
export interface DimLanternResult {
  lantern: Lantern;
}

/**
 * Sent by the host when a lantern goes out on its own.
 *
 * @category Lanterns
 */
export interface LanternOutNotification {
  method: "notifications/lantern_out";
  params: {
    id: string;
    /** Why it went out, when the host knows. */
    reason?: string;
  };
}
