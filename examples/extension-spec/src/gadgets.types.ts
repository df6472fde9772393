/**
 * The gadgets extension: servers list and fetch gadgets, small bundles of content a client can
 * show beside a tool. One file serves every dated version of the prose.
 */
import type { ContentBlock, RequestId, Result } from '@example/base-protocol';

/**
 * @description A gadget: named content that a server offers next to one of its tools.
 */
export interface Gadget {
  /** @description The gadget's unique name. */
  name: string;
  /**
   * @description The tool the gadget belongs to; the same as
   * {@link @example/base-protocol!Tool.name} of that tool.
   */
  tool: string;
  /** @description What the client shows. */
  content: ContentBlock[];
}

/** @description Asks the server for the gadgets it offers. */
export interface ListGadgetsRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: 'gadgets/list';
}

/** @description The server's gadgets. */
export interface ListGadgetsResult extends Result {
  /** @description Every gadget the server offers, in no particular order. */
  gadgets: Gadget[];
}

/** @description Asks the server for one gadget by its name. */
export interface GetGadgetRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: 'gadgets/get';
  params: {
    /** @description The name of the gadget wanted. */
    name: string;
  };
}

/** @description The gadget asked for. */
export interface GetGadgetResult extends Result {
  /** @description The gadget. */
  gadget: Gadget;
}
