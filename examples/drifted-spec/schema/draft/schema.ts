/* Widget Exchange Protocol (WXP): the sample specification that ships with spec-check. */

/* JSON-RPC types */

/**
 * Any message a WXP peer may send.
 *
 * @category JSON-RPC
 */
export type JSONRPCMessage =
  | JSONRPCRequest
  | JSONRPCNotification
  | JSONRPCResultResponse
  | JSONRPCErrorResponse;

/** @internal */
export const LATEST_PROTOCOL_VERSION = "DRAFT-WXP-v2";
/** @internal */
export const JSONRPC_VERSION = "2.0";

/**
 * Identifies a request so that its response can be matched to it.
 *
 * @category JSON-RPC
 */
export type RequestId = string | number;

/**
 * An opaque token that marks a position in a paged list.
 *
 * @category Common Type
 */
export type Cursor = string;

/**
 * A request that expects a response.
 *
 * @category JSON-RPC
 */
export interface JSONRPCRequest {
  jsonrpc: typeof JSONRPC_VERSION;
  id: RequestId;
  method: string;
  params?: { [key: string]: unknown };
}

/**
 * A one-way message that expects no response.
 *
 * @category JSON-RPC
 */
export interface JSONRPCNotification {
  jsonrpc: typeof JSONRPC_VERSION;
  method: string;
  params?: { [key: string]: unknown };
}

/**
 * The base of every result.
 *
 * @category Common Types
 */
export interface Result {
  [key: string]: unknown;
}

/**
 * A successful response to a request.
 *
 * @category JSON-RPC
 */
export interface JSONRPCResultResponse {
  jsonrpc: typeof JSONRPC_VERSION;
  id: RequestId;
  result: Result;
}

/**
 * A response to a request that failed.
 *
 * @category JSON-RPC
 */
export interface JSONRPCErrorResponse {
  jsonrpc: typeof JSONRPC_VERSION;
  id?: RequestId;
  error: Error;
}

/* Errors */

/** @internal */
export const METHOD_NOT_FOUND = -32601;
/** @internal */
export const INVALID_PARAMS = -32602;
/** @internal */
export const WIDGET_LOCKED = -32030;

/*
 * Retired error codes: `-32010` (widget busy, 2025-01-15 only) is never reused.
 */

/**
 * The error object of a {@link JSONRPCErrorResponse}.
 *
 * @category Errors
 */
export interface Error {
  /**
   * The error type that occurred.
   */
  code: number;
  /**
   * A short description of the error, in one sentence.
   */
  message: string;
  /**
   * Additional information about the error, defined by the sender.
   */
  data?: unknown;
}

/**
 * The receiver does not implement the method, or the method needs a capability the receiver
 * did not advertise.
 *
 * @example Dials not supported
 * {@includeCode ./examples/MethodNotFoundError/dials-not-supported.json}
 *
 * @category Errors
 */
export interface MethodNotFoundError extends Error {
  code: typeof METHOD_NOT_FOUND;
}

/**
 * The parameters of a request are invalid.
 *
 * In WXP this error is returned when:
 *
 * - **Widgets**: Unknown widget id, or a value out of range
 * - **Pagination**: Invalid or expired cursor
 *
 * @example Unknown widget
 * {@includeCode ./examples/InvalidParamsError/unknown-widget.json}
 *
 * @example Invalid cursor
 * {@includeCode ./examples/InvalidParamsError/invalid-cursor.json}
 *
 * @category Errors
 */
export interface InvalidParamsError extends Error {
  code: typeof INVALID_PARAMS;
}

/**
 * Another client holds the lock on the widget; the sender may retry after `retryAfterMs`.
 *
 * @example Widget locked
 * {@includeCode ./examples/WidgetLockedError/locked.json}
 *
 * @category Errors
 */
export interface WidgetLockedError extends Error {
  code: typeof WIDGET_LOCKED;
  data: {
    /**
     * How long the lock is expected to last, in milliseconds.
     */
    retryAfterMs: number;
  };
}

/* Widgets */

/**
 * A control that a server exposes to clients.
 *
 * @example Dial
 * {@includeCode ./examples/Widget/dial.json}
 *
 * @example Switch
 * {@includeCode ./examples/Widget/toggle.json}
 *
 * @category Widgets
 */
export interface Widget {
  /**
   * Unique identifier of the widget on this server.
   */
  id: string;
  /**
   * Human-readable name, for display.
   */
  name: string;
  /**
   * What kind of control the widget is.
   */
  kind: "dial" | "switch" | "slider";
  /**
   * The current value. Switches use 0 and 1.
   */
  value: number;
  /**
   * Lowest accepted value; see {@link Widget.maximum}.
   */
  min?: number;
  /**
   * Highest accepted value.
   */
  max?: number;
}

/**
 * Sent from the client to list the widgets a server exposes.
 *
 * @example First page
 * {@includeCode ./examples/ListWidgetsRequest/first-page.json}
 *
 * @category `widgets/list`
 */
export interface ListWidgetsRequest extends JSONRPCRequest {
  method: "widgets/list";
  params?: {
    /**
     * Where to continue listing, from a previous {@link ListWidgetsResult.nextCursor}.
     */
    cursor?: Cursor;
  };
}

/**
 * The server's response to a {@link ListWidgetsRequest | widgets/list} request.
 *
 * @example One page
 * {@includeCode ./examples/ListWidgetsResult/one-page.json}
 *
 * @category `widgets/list`
 */
export interface ListWidgetsResult extends Result {
  widgets: Widget[];
  /**
   * Present when more widgets follow.
   */
  nextCursor?: Cursor;
}

/**
 * Sent from the client to change the value of a widget.
 *
 * @example Turn a dial
 * {@includeCode ./examples/SetWidgetRequest/turn-dial.json}
 *
 * @category `widgets/set`
 */
export interface SetWidgetRequest extends JSONRPCRequest {
  method: "widgets/set";
  params: {
    /**
     * The widget to change.
     */
    id: string;
    /**
     * The new value.
     */
    value: number;
  };
}

/**
 * The server's response to a {@link SetWidgetRequest | widgets/set} request.
 *
 * @example Applied
 * {@includeCode ./examples/SetWidgetResult/applied.json}
 *
 * @example Value out of range
 * {@includeCode ./examples/SetWidgetResult/value-out-of-range.json}
 *
 * @category `widgets/set`
 */
export interface SetWidgetResult extends Result {
  /**
   * The widget after the change; absent when the change was rejected.
   */
  widget?: Widget;
  /**
   * Whether the server rejected the new value.
   *
   * A value outside the widget's range is reported here, with `isRejected` set to true
   * and a `reason`, so that the user can pick another value.
   *
   * An unknown widget id is a protocol error, not a rejection.
   */
  isRejected?: boolean;
  /**
   * Why the change was rejected, for display to the user.
   */
  reason?: string;
}

/**
 * Sent from the server when the value of a widget changed.
 *
 * @example Dial turned
 * {@includeCode ./examples/WidgetChangedNotification/dial-turned.json}
 *
 * @category `notifications/widgets/changed`
 */
export interface WidgetChangedNotification extends JSONRPCNotification {
  method: "notifications/widgets/changed";
  params: {
    /**
     * The widget that changed.
     */
    id: string;
    /**
     * Its new value.
     */
    value: number;
  };
}
