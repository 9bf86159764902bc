// The canvas of the board, for a screen that draws on it through a
// BoardView made once the canvas is in the page.
import type { Ref } from "preact";

export function BoardCanvas({ canvas }: { canvas: Ref<HTMLCanvasElement> }) {
  // The board is drawn as seen from above whatever the page's direction:
  // only the page around it mirrors in a right-to-left language.
  return <canvas id="board" dir="ltr" role="img" aria-label="the carrom board" ref={canvas} />;
}
