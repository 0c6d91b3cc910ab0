import net from 'node:net';
import type { IndicatorCodec, IndicatorReading } from '../weighing.types';

/**
 * A scripted indicator behind TCP for the gateway's tests: streams the codec's frames every `everyMs` to each
 * client, and can go silent, split frames, mix in garbage or drop its clients (the simulator is the demo's).
 */
export interface TestIndicator {
  port: number;
  reading: IndicatorReading;
  silent: boolean;
  /** Each frame in two writes 30 ms apart. */
  split: boolean;
  /** Garbage bytes before each frame. */
  garbage: Buffer | null;
  /** Bytes the clients sent (polls). */
  received: Buffer[];
  clients(): number;
  connections: number;
  disconnectClients(): void;
  close(): Promise<void>;
}

export async function startTestIndicator(codec: IndicatorCodec, everyMs = 50): Promise<TestIndicator> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    state.connections += 1;
    socket.setNoDelay(true);
    socket.on('data', (chunk) => state.received.push(chunk));
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const state: TestIndicator = {
    port: address.port,
    reading: { kg: 32_540, stable: true, overload: false },
    silent: false,
    split: false,
    garbage: null,
    received: [],
    connections: 0,
    clients: () => sockets.size,
    disconnectClients() {
      for (const socket of sockets) socket.destroy();
    },
    async close() {
      clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const timer = setInterval(() => {
    if (state.silent) return;
    const frame = codec.encode(state.reading);
    for (const socket of sockets) {
      if (state.garbage) socket.write(state.garbage);
      if (state.split) {
        const cut = Math.floor(frame.length / 2);
        socket.write(frame.subarray(0, cut));
        setTimeout(() => socket.writable && socket.write(frame.subarray(cut)), 30);
      } else socket.write(frame);
    }
  }, everyMs);
  return state;
}
