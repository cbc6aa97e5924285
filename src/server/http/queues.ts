/**
 * The two queues in front of the renderer (front.ts): a gate on the renders in flight, and a lane
 * that puts work after the rest of its turn of the event loop.
 */

/**
 * A bound on work in flight with a bounded queue in front: `enter` runs the
 * work now or when a slot frees, or answers false when the queue is full.
 */
export class Gate {
  #active = 0;
  readonly #waiting: (() => void)[] = [];
  readonly max: number;
  readonly queue: number;
  constructor(max: number, queue: number) {
    this.max = max;
    this.queue = queue;
  }

  enter(work: () => void): boolean {
    if (this.#active < this.max) {
      this.#active++;
      work();
      return true;
    }
    if (this.#waiting.length >= this.queue) return false;
    this.#waiting.push(() => {
      this.#active++;
      work();
    });
    return true;
  }

  leave(): void {
    this.#active--;
    this.#waiting.shift()?.();
  }
}

/**
 * Work done after everything else that arrived in the same turn of the event
 * loop: each turn (a `setImmediate`, which runs after the turn's I/O) runs at
 * most `perTurn` deferred items, in arrival order. On a quiet server that is
 * at once; under a flood it is a bounded share of the turn. `defer` answers
 * false when `bound` items already wait.
 */
export class Lane {
  #queue: ((() => void) | undefined)[] = [];
  #head = 0;
  #scheduled = false;
  readonly perTurn: number;
  readonly bound: number;
  constructor(perTurn: number, bound: number) {
    this.perTurn = perTurn;
    this.bound = bound;
  }

  get waiting(): number {
    return this.#queue.length - this.#head;
  }

  defer(work: () => void): boolean {
    if (this.waiting >= this.bound) return false;
    this.#queue.push(work);
    this.#schedule();
    return true;
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(this.#drain);
  }

  readonly #drain = (): void => {
    this.#scheduled = false;
    const end = Math.min(this.#queue.length, this.#head + this.perTurn);
    while (this.#head < end) {
      const work = this.#queue[this.#head];
      this.#queue[this.#head++] = undefined;
      work?.();
    }
    if (this.#head === this.#queue.length) {
      this.#queue = [];
      this.#head = 0;
      return;
    }
    // Under a steady flood the queue never empties: drop the ran slots now and then.
    if (this.#head >= 4096) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
    this.#schedule();
  };
}
