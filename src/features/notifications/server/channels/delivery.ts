/** What every channel is: kept apart from deliver.ts, which imports the channels. */
import type { OutboundMessage } from "../outbox";

export interface DeliveryContext {
  /** The outbox row's id: stable across retries. */
  id: string;
  /** When the message was queued: its Date header and file name. */
  createdAt: Date;
  /** Aborted when the worker stops; a channel gives up promptly. */
  signal: AbortSignal;
}

export type Deliver = (message: OutboundMessage, context: DeliveryContext) => Promise<void>;
