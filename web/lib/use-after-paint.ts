// Work a screen does not need for its first frame (the map library, the chat connection, the spa card's code) waits
// for that frame: run before it, it would take the main thread and the bandwidth of what the member came to see.
import { useEffect, useState } from 'react';

/** False until the frame after the component first mounted has been painted (in a hidden tab, the next task). */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => (timer = setTimeout(() => setPainted(true)));
    // A hidden tab paints no frames until it is shown, and a chat dock must not wait for that.
    if (document.visibilityState === 'hidden') {
      done();
      return () => clearTimeout(timer);
    }
    // A task queued from the next frame's callback runs once that frame is painted.
    const frame = requestAnimationFrame(done);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
