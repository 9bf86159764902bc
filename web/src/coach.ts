// The coach's hint in words: "72 % to pocket the white at the top-right",
// the pocket named as the viewer sees the board.
import type { Hint } from "./protocol";
import type { Renderer } from "./render";
import { vec } from "./vec";
import { wholePercent } from "./format";
import { t } from "./i18n";

const PIECE: Record<string, string> = { w: "coach.piece.w", b: "coach.piece.b", q: "coach.piece.q" };
const CORNER: Record<string, string> = { tl: "coach.corner.tl", tr: "coach.corner.tr", bl: "coach.corner.bl", br: "coach.corner.br" };

export function hintWords(h: Hint, r: Renderer): string {
  const Pct = wholePercent(h.success);
  if (h.kind === "break") return t("coach.break", { Pct });
  const Piece = t(h.target ? PIECE[h.target[0]] ?? "coach.piece.cm" : "coach.piece.own");
  if (!h.pocket) return t("coach.to", { Pct, Piece });
  // Where the pocket is on the screen: the corner it is nearest.
  const c = r.toCSS(vec(h.pocket[0], h.pocket[1])), mid = r.toCSS(vec(0, 0));
  return t("coach.toAt", { Pct, Piece, Corner: t(CORNER[(c.y < mid.y ? "t" : "b") + (c.x < mid.x ? "l" : "r")]) });
}
