// Work a screen does not need for its first frame (the map library, the chat connection) waits for that frame: run
// before it, it would take the main thread and the bandwidth of what the member came to see.
import { useEffect, useState } from 'react';

/** False until the frame after the component first mounted has been painted, then true. */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A task queued from the next frame's callback runs once that frame is painted.
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
