/* A vendored copy of the base protocol's types that the Timers extension builds on (written for spec-check's tests). */

/** A request's identifier. */
export type RequestId = string | number;

/** Every request on the wire. */
export interface JSONRPCRequest {
  jsonrpc: "2.0";
  id: RequestId;
  method: string;
  params?: { [key: string]: unknown };
}

/** Every notification on the wire. */
export interface JSONRPCNotification {
  jsonrpc: "2.0";
  method: string;
  params?: { [key: string]: unknown };
}

/** A successful response on the wire. */
export interface JSONRPCResultResponse {
  jsonrpc: "2.0";
  id: RequestId;
  result: Result;
}

/** The base of every result. */
export interface Result {
  /** Metadata for the receiver. */
  _meta?: { [key: string]: unknown };
  [key: string]: unknown;
}

/** A request of the base protocol: method and params, the envelope around it being JSONRPCRequest. */
export interface Request {
  method: string;
  params?: { [key: string]: unknown };
}

/** A notification of the base protocol. */
export interface Notification {
  method: string;
  params?: { [key: string]: unknown };
}
