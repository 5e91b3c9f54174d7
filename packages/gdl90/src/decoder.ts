// The streaming GDL90 decoder: deframer (framing.ts) + message decoders (messages.ts), with counts of
// everything it saw and dropped. Never throws on any input.

import { createDeframer, type DeframerOptions, type DeframerStats } from './framing.js';
import { decodeMessage, type Gdl90Message, type Gdl90MessageType } from './messages.js';

export interface Gdl90Stats extends DeframerStats {
  /** Messages decoded, by type. */
  messages: Partial<Record<Gdl90MessageType, number>>;
  /** Frames with a good FCS and a Message ID this decoder does not know: dropped. */
  unknownIds: number;
  /** The unknown Message IDs seen, with their counts (hex keys, e.g. "0x28"). */
  unknownById: Record<string, number>;
  /** Frames with a known Message ID but shorter than its layout: dropped. */
  badLength: number;
}

export interface Gdl90Decoder {
  /** Feeds one chunk (a UDP datagram); returns the messages completed by it, in order. */
  push(chunk: Uint8Array): Gdl90Message[];
  /** Same, calling `onMessage` for each message instead of building an array. */
  pushEach(chunk: Uint8Array, onMessage: (message: Gdl90Message) => void): void;
  readonly stats: Gdl90Stats;
  reset(): void;
}

export function createGdl90Decoder(options: DeframerOptions = {}): Gdl90Decoder {
  const deframer = createDeframer(options);
  const stats: Gdl90Stats = Object.assign(deframer.stats, { messages: {}, unknownIds: 0, unknownById: {}, badLength: 0 });
  let sink: (message: Gdl90Message) => void = () => {};
  const onFrame = (frame: Uint8Array): void => {
    const result = decodeMessage(frame);
    if (result.ok) {
      const type = result.message.type;
      stats.messages[type] = (stats.messages[type] ?? 0) + 1;
      sink(result.message);
    } else if (result.reason === 'unknownId') {
      stats.unknownIds++;
      const key = `0x${result.id.toString(16).padStart(2, '0')}`;
      stats.unknownById[key] = (stats.unknownById[key] ?? 0) + 1;
    } else {
      stats.badLength++;
    }
  };
  const pushEach = (chunk: Uint8Array, onMessage: (message: Gdl90Message) => void): void => {
    sink = onMessage;
    try {
      deframer.push(chunk, onFrame);
    } finally {
      sink = () => {};
    }
  };
  return {
    stats,
    pushEach,
    push(chunk) {
      const out: Gdl90Message[] = [];
      pushEach(chunk, (m) => out.push(m));
      return out;
    },
    reset() {
      deframer.reset();
      stats.messages = {};
      stats.unknownIds = 0;
      stats.unknownById = {};
      stats.badLength = 0;
    },
  };
}
