// The canvas of the board, for a screen that draws on it through a
// BoardView made once the canvas is in the page.
import type { Ref } from "preact";

export function BoardCanvas({ canvas }: { canvas: Ref<HTMLCanvasElement> }) {
  return <canvas id="board" role="img" aria-label="the carrom board" ref={canvas} />;
}
