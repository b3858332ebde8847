/**
 * At most `slots` tasks run at once; the others wait in arrival order. A freed slot is handed to the
 * next waiter directly, so a task arriving at that moment cannot slip in and exceed the bound.
 */
export function createSlots(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inSlot<T>(task: () => Promise<T>): Promise<T> {
    if (running < slots) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/**
 * Decoding a 48-megapixel photo takes ~150 MB and both cores for a moment; a host uploading twenty
 * photos at once must not take the process's memory and CPU from everybody else. Each decode uses
 * libvips' own threads, so two at a time keep the cores busy.
 */
export const inImageProcessingSlot = createSlots(2);
