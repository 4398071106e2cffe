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
