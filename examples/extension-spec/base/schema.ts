/* A small base protocol that the gadgets extension builds on. Written for spec-check's tests. */

/** @description A value that identifies a request within one connection. */
export type RequestId = string | number;

/** @description A request: the receiver must answer it with a result or an error. */
export interface Request {
  /** @description The version of the message format, always "2.0". */
  jsonrpc: '2.0';
  /** @description Matches the answer to the request. */
  id: RequestId;
  /** @description The operation asked for. */
  method: string;
  /** @description The operation's arguments. */
  params?: { [key: string]: unknown };
}

/** @description What every successful answer carries. */
export interface Result {
  /** @description Extra data for tools that understand it. */
  _meta?: { [key: string]: unknown };
}

/** @description A piece of plain text shown to a person. */
export interface TextContent {
  /** @description Always "text". */
  type: 'text';
  /** @description The text itself. */
  text: string;
}

/** @description A piece of content: only text in this small protocol. */
export type ContentBlock = TextContent;

/** @description A tool a client may call. */
export interface Tool {
  /** @description The tool's unique name. */
  name: string;
  /** @description What the tool does, for a reader. */
  description?: string;
}

/** @description The first request of a connection: the client says which version it speaks. */
export interface InitializeRequest extends Request {
  method: 'initialize';
  params: {
    /** @description The newest protocol version the client supports. */
    protocolVersion: string;
  };
}
