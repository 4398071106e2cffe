import { describe, expect, it } from "vitest";
import { seededRandom } from "../random";
import { BucketQueue, NodeHeap } from "./heap";

/** Both queues pop in key order; the bucket queue as a Dijkstra uses it (keys never below the last pop). */
describe("priority queues", () => {
  it("NodeHeap pops every entry in key order", () => {
    const next = seededRandom(7);
    const heap = new NodeHeap(4);
    const keys = Array.from({ length: 5000 }, () => next() * 1000);
    keys.forEach((k, i) => {
      heap.push(i, k);
    });
    const popped: number[] = [];
    while (heap.size > 0) popped.push(keys[heap.pop()] as number);
    expect(popped).toEqual([...keys].sort((a, b) => a - b));
  });

  it("BucketQueue pops bucket by bucket, each entry once, with the key it was pushed with", () => {
    const next = seededRandom(11);
    for (const width of [5, 0.5, 50]) {
      const queue = new BucketQueue(width);
      const keyOf: number[] = [];
      const push = (key: number) => {
        keyOf.push(key);
        queue.push(keyOf.length - 1, key);
      };
      push(0);
      const popped: number[] = [];
      // As a Dijkstra pushes: never below the key just popped; steps shorter than the width land
      // in the bucket being popped, some in the next, some further on; a zero step too.
      while (queue.size > 0) {
        const entry = queue.pop();
        expect(queue.lastKey).toBe(keyOf[entry]);
        popped.push(entry);
        if (keyOf.length < 20_000) {
          for (let i = 0; i < 2; i++) push(queue.lastKey + Math.floor(next() * 13));
          if (next() < 0.05) push(queue.lastKey);
        }
      }
      expect(new Set(popped).size).toBe(keyOf.length);
      const buckets = popped.map((e) => Math.floor((keyOf[e] as number) / width));
      const outOfOrder = buckets.findIndex((b, i) => i > 0 && b < (buckets[i - 1] as number));
      expect(outOfOrder, `width ${width}`).toBe(-1);
    }
  });

  it("BucketQueue refuses a width that is not positive", () => {
    expect(() => new BucketQueue(0)).toThrow(RangeError);
  });
});
