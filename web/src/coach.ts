// The coach's hint in words: "72 % to pocket the white at the top-right",
// the pocket named as the viewer sees the board.
import type { Hint } from "./protocol";
import type { Renderer } from "./render";
import { vec } from "./vec";

const PIECE: Record<string, string> = { w: "the white", b: "the black", q: "the queen" };

export function hintWords(h: Hint, r: Renderer): string {
  const pct = `${Math.round(h.success * 100)} %`;
  if (h.kind === "break") return `${pct} to pocket a c/m with this break`;
  const piece = h.target ? PIECE[h.target[0]] ?? "a c/m" : "one of yours";
  if (!h.pocket) return `${pct} to pocket ${piece === "one of yours" ? "one of yours" : piece}`;
  // Where the pocket is on the screen: the corner it is nearest.
  const c = r.toCSS(vec(h.pocket[0], h.pocket[1])), mid = r.toCSS(vec(0, 0));
  const corner = `${c.y < mid.y ? "top" : "bottom"}-${c.x < mid.x ? "left" : "right"}`;
  return `${pct} to pocket ${piece} at the ${corner}`;
}
