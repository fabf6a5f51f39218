import "server-only";
import { createHash } from "node:crypto";

/** What a job's worker sent and the instance has not taken yet, with its end or its failure. */
abstract class Channel<T> {
  /** True once the reader has taken everything the worker will send. */
  drained = false;
  protected readonly queue: T[] = [];
  protected ended = false;
  protected failure: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(private readonly onDrained: () => void) {}

  push(value: T) {
    this.queue.push(value);
    this.notify();
  }

  /** The worker finished: the reader gets what is queued, then the end. */
  end() {
    this.ended = true;
    this.notify();
  }

  /** The job failed or was cancelled: a waiting or later read fails with `error`. */
  fail(error: Error) {
    this.failure = error;
    this.queue.length = 0;
    this.notify();
  }

  /** Resolves once there is something to take, an end or a failure. */
  protected async settled() {
    while (this.queue.length === 0 && !this.ended && !this.failure)
      await new Promise<void>((resolve) => (this.wake = resolve));
  }

  protected markDrained() {
    if (this.drained) return;
    this.drained = true;
    this.onDrained();
  }

  private notify() {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

/**
 * The instance's end of a job's output: chunks from the worker wait here until the reader (an
 * HTTP response, usually) asks for one, and only then is the worker given room for more, so at
 * most the kind's window is ever held. Every byte handed to the reader goes through the digest.
 */
export class OutputChannel extends Channel<Uint8Array> {
  readonly stream: ReadableStream<Uint8Array>;
  bytes = 0;
  private readonly hash = createHash("sha256");

  constructor(
    private readonly hooks: {
      /** The reader took `bytes`: the worker may send as many more. */
      onTaken: (bytes: number) => void;
      /** Everything was handed out. */
      onDrained: () => void;
      /** The reader went away (the client disconnected). */
      onCancel: (reason: unknown) => void;
    },
  ) {
    super(hooks.onDrained);
    this.stream = new ReadableStream<Uint8Array>(
      { pull: (controller) => this.pull(controller), cancel: (reason) => this.hooks.onCancel(reason) },
      // Pulled only when the reader wants a chunk: nothing is read ahead on the instance.
      { highWaterMark: 0 },
    );
  }

  override end() {
    // With nothing queued (no output at all) there is nothing for a reader to wait for.
    if (this.queue.length === 0) this.markDrained();
    super.end();
  }

  sha256() {
    return this.hash.digest("hex");
  }

  private async pull(controller: ReadableStreamDefaultController<Uint8Array>) {
    await this.settled();
    if (this.failure) return controller.error(this.failure);
    const chunk = this.queue.shift();
    if (!chunk) {
      controller.close();
      return this.markDrained();
    }
    this.hash.update(chunk);
    this.bytes += chunk.byteLength;
    controller.enqueue(chunk);
    this.hooks.onTaken(chunk.byteLength);
    if (this.ended && this.queue.length === 0) this.markDrained();
  }
}

/** The instance's end of a job's items (e.g. batches of parsed rows), taken one at a time. */
export class ItemChannel<Item> extends Channel<Item> implements AsyncIterable<Item> {
  emitted = 0;

  constructor(private readonly hooks: { onTaken: () => void; onDrained: () => void }) {
    super(hooks.onDrained);
  }

  override push(item: Item) {
    this.emitted += 1;
    super.push(item);
  }

  override end() {
    // Items nobody asked for are not waited for; items emitted are, until the reader comes back for more.
    if (this.queue.length === 0 && this.emitted === 0) this.markDrained();
    super.end();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    for (;;) {
      await this.settled();
      if (this.failure) throw this.failure;
      if (this.queue.length === 0) {
        // The reader asked past the last item: it has dealt with all of them.
        this.markDrained();
        return;
      }
      const item = this.queue.shift() as Item;
      this.hooks.onTaken();
      yield item;
    }
  }
}
