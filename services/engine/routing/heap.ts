/**
 * A binary min-heap of (node id, key) pairs in typed arrays, for the searches over the
 * navigation grid (A* and the landmark Dijkstras). Duplicates are allowed: searches push a node
 * again when its key improves and skip stale entries when they pop.
 */
export class NodeHeap {
  private nodes: Int32Array;
  private keys: Float64Array;
  size = 0;

  constructor(capacity = 1024) {
    this.nodes = new Int32Array(capacity);
    this.keys = new Float64Array(capacity);
  }

  clear(): void {
    this.size = 0;
  }

  push(node: number, key: number): void {
    if (this.size === this.nodes.length) {
      const nodes = new Int32Array(this.size * 2);
      const keys = new Float64Array(this.size * 2);
      nodes.set(this.nodes);
      keys.set(this.keys);
      this.nodes = nodes;
      this.keys = keys;
    }
    let i = this.size++;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if ((this.keys[up] as number) <= key) break;
      this.nodes[i] = this.nodes[up] as number;
      this.keys[i] = this.keys[up] as number;
      i = up;
    }
    this.nodes[i] = node;
    this.keys[i] = key;
  }

  /** Key of the top entry (undefined behaviour on an empty heap). */
  topKey(): number {
    return this.keys[0] as number;
  }

  pop(): number {
    const top = this.nodes[0] as number;
    const last = --this.size;
    const node = this.nodes[last] as number;
    const key = this.keys[last] as number;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      if (child + 1 < last && (this.keys[child + 1] as number) < (this.keys[child] as number))
        child++;
      if ((this.keys[child] as number) >= key) break;
      this.nodes[i] = this.nodes[child] as number;
      this.keys[i] = this.keys[child] as number;
      i = child;
    }
    this.nodes[i] = node;
    this.keys[i] = key;
    return top;
  }
}

/**
 * A bucket queue (Dial, 1969, "Algorithm 360: shortest-path forest with topological ordering",
 * CACM) for the Dijkstras over the whole grid (the landmark distances): entries kept in buckets
 * `width` nm wide by key, popped bucket by bucket in increasing order and, within a bucket, last
 * in first out. Each push and pop is a few array writes, against a heap's climb; keys pushed must
 * not be below the bucket being popped. Within a bucket the order is not by key, so a search
 * using it must accept a node popped again after a shorter way to it was found (label-correcting,
 * see `lastKey`); with `width` at most the shortest edge that never happens.
 */
export class BucketQueue {
  /** First entry of each bucket's list (-1 when empty). */
  private heads = new Int32Array(1024).fill(-1);
  private entryNode = new Int32Array(1 << 16);
  private entryKey = new Float64Array(1 << 16);
  private entryNext = new Int32Array(1 << 16);
  private entries = 0;
  private current = 0;
  size = 0;
  /** Key the last popped node was pushed with. */
  lastKey = 0;

  constructor(private readonly width: number) {
    if (!(width > 0)) throw new RangeError(`BucketQueue: width must be positive, got ${width}`);
  }

  push(node: number, key: number): void {
    const b = Math.max(this.current, Math.floor(key / this.width));
    if (b >= this.heads.length) {
      let length = this.heads.length * 2;
      while (length <= b) length *= 2;
      const heads = new Int32Array(length).fill(-1);
      heads.set(this.heads);
      this.heads = heads;
    }
    if (this.entries === this.entryNode.length) this.grow();
    const e = this.entries++;
    this.entryNode[e] = node;
    this.entryKey[e] = key;
    this.entryNext[e] = this.heads[b] as number;
    this.heads[b] = e;
    this.size++;
  }

  /** A node of the lowest non-empty bucket (undefined behaviour when empty). */
  pop(): number {
    while (this.heads[this.current] === -1) this.current++;
    const e = this.heads[this.current] as number;
    this.heads[this.current] = this.entryNext[e] as number;
    this.size--;
    this.lastKey = this.entryKey[e] as number;
    return this.entryNode[e] as number;
  }

  private grow(): void {
    const n = this.entryNode.length * 2;
    const node = new Int32Array(n);
    const key = new Float64Array(n);
    const next = new Int32Array(n);
    node.set(this.entryNode);
    key.set(this.entryKey);
    next.set(this.entryNext);
    this.entryNode = node;
    this.entryKey = key;
    this.entryNext = next;
  }
}
