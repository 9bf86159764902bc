// Thumb is a small picture of a board: the pieces drawn by the board's
// own renderer, redrawn when they change.
import { useEffect, useRef } from "preact/hooks";
import type { Geometry, Piece } from "./protocol";
import { Renderer } from "./render";

export function Thumb({ g, pieces, label, seq }: { g: Geometry; pieces: Piece[]; label: string; seq?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const r = useRef<Renderer | null>(null);
  useEffect(() => {
    const c = canvas.current!;
    r.current ??= new Renderer(c, g);
    r.current.resize();
    r.current.draw(pieces, {});
    c.dataset.pieces = String(pieces.length);
  }, [pieces]);
  return <canvas class="thumb" role="img" aria-label={label} ref={canvas} data-seq={seq === undefined ? undefined : String(seq)} />;
}
