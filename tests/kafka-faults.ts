import net from "node:net";
import type { ISocketFactory } from "kafkajs";

/** Kafka's API key of a Produce request (the int16 after the request's int32 size). */
const PRODUCE_API_KEY = 0;

/**
 * Broker connections that lose the broker's answer to a Produce request while `dropProduce` is
 * on: the request reaches the broker (which appends the batch) and the connection is then cut
 * as the answer arrives, as a network failure after the write would. The client cannot tell
 * whether its batch was written, so it sends it again: what a retry does to the log is what the
 * tests look at. Real broker, real sockets; only the answer is lost.
 */
export class LostProduceAnswers {
  dropProduce = false;
  /** Produce answers dropped so far. */
  dropped = 0;

  readonly socketFactory: ISocketFactory = ({ host, port, onConnect }) => {
    const socket = net.connect({ host, port }, onConnect);
    socket.setKeepAlive(true, 60_000);
    let produceAnswerDue = false;
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    socket.write = ((chunk: unknown, ...rest: unknown[]) => {
      // kafkajs writes each request as one buffer: int32 size, int16 api key, ...
      if (this.dropProduce && Buffer.isBuffer(chunk) && chunk.length >= 6) {
        if (chunk.readInt16BE(4) === PRODUCE_API_KEY) produceAnswerDue = true;
      }
      return write(chunk, ...rest);
    }) as typeof socket.write;
    const emit = socket.emit.bind(socket) as (
      event: string | symbol,
      ...args: unknown[]
    ) => boolean;
    socket.emit = ((event: string | symbol, ...args: unknown[]) => {
      if (event === "data" && produceAnswerDue) {
        produceAnswerDue = false;
        this.dropped++;
        socket.destroy(
          new Error("injected fault: the broker's answer to a Produce request was lost"),
        );
        return true;
      }
      return emit(event, ...args);
    }) as typeof socket.emit;
    return socket;
  };
}
