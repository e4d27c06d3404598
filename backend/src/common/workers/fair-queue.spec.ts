import { describe, expect, it } from '@jest/globals';
import { FairQueue, type FileJobLane } from './fair-queue.js';

/** A queue whose jobs record the order they start in, and which can be ended by name. */
function harness(limits = { slots: 2, uploadSlots: 1, maxWaiting: 10 }) {
  const queue = new FairQueue(limits);
  const started: string[] = [];
  const refused: string[] = [];
  const lanes = new Map<string, [string, FileJobLane]>();
  const enter = (name: string, account: string, lane: FileJobLane = 'document') => {
    lanes.set(name, [account, lane]);
    return queue.enter(
      account,
      lane,
      () => started.push(name),
      () => refused.push(name),
    );
  };
  const end = (name: string) => {
    const [account, lane] = lanes.get(name)!;
    queue.leave(account, lane);
  };
  return { queue, started, refused, enter, end };
}

describe('FairQueue', () => {
  it('runs one job per account at a time, even with threads free', () => {
    const { queue, started, enter, end } = harness({ slots: 4, uploadSlots: 4, maxWaiting: 10 });
    enter('a1', 'a');
    enter('a2', 'a');
    enter('a3', 'a');
    expect(started).toEqual(['a1']);
    expect(queue.waiting).toBe(2);
    end('a1');
    expect(started).toEqual(['a1', 'a2']);
  });

  it('lets accounts take turns: a newcomer waits for one job, not behind a flood', () => {
    const { started, enter, end } = harness({ slots: 1, uploadSlots: 1, maxWaiting: 10 });
    for (let i = 1; i <= 4; i++) enter(`a${i}`, 'a');
    enter('b1', 'b');
    enter('c1', 'c');
    expect(started).toEqual(['a1']);
    end('a1');
    end('b1');
    end('c1');
    end('a2');
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);
  });

  it('keeps a thread that uploads cannot take for documents', () => {
    const { started, enter, end } = harness({ slots: 2, uploadSlots: 1, maxWaiting: 10 });
    enter('upload-a', 'a', 'upload');
    enter('upload-b', 'b', 'upload');
    // The second upload waits although a thread is free: that thread is kept for documents.
    expect(started).toEqual(['upload-a']);
    enter('export-c', 'c', 'document');
    expect(started).toEqual(['upload-a', 'export-c']);
    end('upload-a');
    expect(started).toEqual(['upload-a', 'export-c', 'upload-b']);
  });

  it("runs an account's document while its upload waits for the upload thread", () => {
    const { started, enter } = harness({ slots: 2, uploadSlots: 1, maxWaiting: 10 });
    enter('upload-a', 'a', 'upload');
    enter('upload-b', 'b', 'upload');
    enter('export-b', 'b', 'document');
    expect(started).toEqual(['upload-a', 'export-b']);
  });

  it('refuses a newcomer when the queue is full of fair shares, and pushes out a flood for one', () => {
    const { started, refused, enter } = harness({ slots: 1, uploadSlots: 1, maxWaiting: 3 });
    enter('a1', 'a'); // runs
    expect(enter('a2', 'a')).toBe(true);
    expect(enter('a3', 'a')).toBe(true);
    expect(enter('a4', 'a')).toBe(true);
    // Full, three of a's waiting: b's first job takes the place of a's newest.
    expect(enter('b1', 'b')).toBe(true);
    expect(refused).toEqual(['a4']);
    // a has two waiting, b one: c's first takes a's newest again; then a and b and c hold one each.
    expect(enter('c1', 'c')).toBe(true);
    expect(refused).toEqual(['a4', 'a3']);
    expect(enter('d1', 'd')).toBe(false);
    expect(enter('a5', 'a')).toBe(false);
    expect(started).toEqual(['a1']);
  });
});
