// How to play: the laws of RULES.md in plain words, one section per
// subject, each with an anchor that the rulings link to.
import { useEffect, useRef } from "preact/hooks";
import type { App } from "./app";
import { BoardView } from "./boardview";
import { api } from "./api";
import type { ClientMsg, Piece, Practiced, Trajectory } from "./protocol";

// A diagram: the strokes and placings the server plays from a position
// ("" for the start of a board), shown again and again on a small board.
interface Diagram { caption: string; position: string; steps: DiagramStep[] }
// A step is an action, or "place" for a c/m placed where the server
// suggests (its place_hint), so that no spot is written by hand.
type DiagramStep = ClientMsg | "place";

// A board late in the game: white (seat 0, at the bottom) has pocketed
// seven c/m, the queen lies near the top-right pocket and a white c/m near
// the top-left one; the strokes aim straight at the pockets.
const LATE = "icf 2 | turn 0 stroke | game 1 games 0-0 score 0-0 | board 1 breaker 0 white 0 attempts 0 broken on 2-2-q owed 0-0 queen board earned 0 turns 4 strokes 10 idle 0 | ";
const LATE_POCKETED = " | pocketed w3 w4 w5 w6 w7 w8 w9 b3 b4 b5 b6 b7 b8 b9";

const DIAGRAMS: Record<string, Diagram> = {
  break: { caption: "The break: the striker, hard and straight ahead, into the pieces around the queen.", position: "", steps: [{ type: "strike", x: 0, angle: 90, power: 1 }] },
  queen: {
    caption: "The queen pocketed, then covered: a white c/m pocketed with the next stroke.",
    position: LATE + "q 0.2905,0.2091 w1 -0.2905,0.2091 w2 0,0.1 b1 0,-0.05 b2 0,0.25" + LATE_POCKETED,
    steps: [
      { type: "strike", x: 0.1, dir: [0.24775, 0.60035], speed: 1.5 },
      { type: "strike", x: -0.1, dir: [-0.24775, 0.60035], speed: 1.5 },
    ],
  },
  dues: {
    caption: "A due: white pockets the striker; one of his pocketed c/m comes back, and black places it.",
    position: LATE + "q 0,0 w1 -0.2,0.2 w2 0.15,0.05 b1 -0.1,-0.08 b2 0.05,0.2" + LATE_POCKETED,
    steps: [{ type: "strike", x: 0.1, dir: [0.24775, 0.60035], speed: 2 }, "place"],
  },
};

// PAUSE_MS is the rest between two showings of a diagram, STEP_MS the one
// between its steps.
const PAUSE_MS = 1500, STEP_MS = 700;

interface Played { pieces: Piece[]; traj?: Trajectory; rules: string }

// playDiagram asks the server for each step in turn; what it played is
// shown afterwards without asking again.
async function playDiagram(d: Diagram): Promise<{ start: Piece[]; played: Played[] }> {
  let r = await api<Practiced>("POST", "/api/practice", { position: d.position });
  const start = r.state.pieces, played: Played[] = [];
  for (const s of d.steps) {
    const hint = r.state.to_act.place_hint;
    const m: ClientMsg = s !== "place" ? s : { type: "place", x: hint?.[0] ?? 0, y: hint?.[1] ?? 0 };
    r = await api<Practiced>("POST", "/api/practice", { position: r.position, action: { v: 1, ...m } });
    played.push({ pieces: r.state.pieces, traj: r.event?.outcome.trajectory, rules: r.event?.state.match.ruling?.rules.join(" ") ?? "" });
  }
  return { start, played };
}

function StrokeDiagram({ app, d }: { app: App; d: Diagram }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = canvas.current!;
    const board = new BoardView(c, app.cfg, null);
    let on = true;
    const rest = (ms: number) => new Promise((done) => setTimeout(done, ms));
    const show = (pieces: Piece[]) => { board.pieces = pieces; board.invalidate(); };
    void playDiagram(d).then(async ({ start, played }) => {
      // What the server ruled on each step, for the tests to read.
      c.dataset.rulings = played.map((p) => p.rules).join(", ");
      for (let n = 1; on; n++) {
        show(start);
        for (const p of played) {
          if (p.traj) await board.animate(p.traj);
          else await rest(STEP_MS);
          show(p.pieces);
          await rest(STEP_MS);
        }
        c.dataset.played = String(n);
        await rest(PAUSE_MS);
      }
    }, () => undefined);
    return () => { on = false; board.finish(); };
  }, []);
  return (
    <figure class="diagram">
      <canvas class="diagram" role="img" aria-label={d.caption} ref={canvas} />
      <figcaption>{d.caption}</figcaption>
    </figure>
  );
}

interface Section { id: string; title: string; paras: string[]; rules: string }

const SECTIONS: Section[] = [
  {
    id: "aim", title: "The aim", rules: "SC-1",
    paras: [
      "Each player has nine carrom men (c/m), white or black, and flicks the striker to pocket them in the four corner pockets. The first to pocket all his c/m wins the board, as long as the red queen has been pocketed and covered before.",
      "On this page: drag along your base line to place the striker, then press on it and pull back, like a slingshot; let go to shoot.",
    ],
  },
  {
    id: "break", title: "The break", rules: "B-1…B-8",
    paras: [
      "The board starts with the pieces packed around the queen in the centre. The breaker plays white for the whole board. The break is made as soon as the striker touches any c/m.",
      "A break that touches nothing may be tried again: three attempts in all. After three misses the opponent breaks, with black. An attempt that pockets the striker ends the turn at once, with no due.",
      "Breaks alternate board by board.",
    ],
  },
  {
    id: "turn", title: "Turns", rules: "T-1…T-4",
    paras: [
      "You keep the turn as long as you pocket your own c/m (or the queen) properly; pocketing an opponent's c/m as well does not stop you. A stroke that pockets none of yours passes the turn. An opponent's c/m pocketed counts for him.",
    ],
  },
  {
    id: "queen", title: "The queen and its cover", rules: "Q-1…Q-12",
    paras: [
      "You may pocket the queen only after you have pocketed one of your own c/m. Then you must cover it: pocket one of your own in the same stroke or the next one. If you do not, the queen goes back to the centre.",
      "At the break, or while all nine of yours are still on the board, the queen with exactly one of your c/m still needs a cover with the next stroke.",
      "The queen is worth 3 points to the winner of the board, if he covered it himself and has 21 points or fewer.",
    ],
  },
  {
    id: "dues", title: "Dues, penalties and placing", rules: "D-1…D-10, PL-1…PL-5",
    paras: [
      "Pocketing the striker costs a due: one of your pocketed c/m goes back on the board. A foul costs a penalty, paid the same way. The opponent places it, flat, inside the outer circle and clear of the centre circle and of every piece.",
      "If you have nothing pocketed yet, the due is owed and paid as soon as you pocket one. The placer may also forgo placing.",
      "Striker and your own c/m together: those c/m and a due go back, and you keep the turn.",
    ],
  },
  {
    id: "scoring", title: "Scoring a board", rules: "SC-1…SC-5",
    paras: [
      "The winner of a board scores one point for each c/m the loser still has on the board or owes, plus 3 for the queen if the winner covered it (while he has 21 points or fewer). A board is worth at most 12 points: \"9 c/m left + queen 3 = 12\".",
      "A few special endings, such as pocketing your last c/m while the queen is still on the board, give the board to the opponent.",
    ],
  },
  {
    id: "match", title: "Games and the match", rules: "G-1…G-4",
    paras: [
      "A game ends when a player reaches 25 points, or after eight boards; the leader wins. Tied after eight boards, one more board decides. A match is the best of three games.",
      "You may concede a board, a game or the match during your turn.",
    ],
  },
  {
    id: "variants", title: "Variants without colours", rules: "V-1…V-3",
    paras: [
      "Point carrom (two to four players): anyone pockets any c/m. A black is worth 1 point, a white 2, the queen 5 once covered by any c/m in the same or the next stroke. The first to 17 points wins; otherwise the most points once every c/m is down.",
      "Three players: each must pocket 3 white and 3 black, and the queen must be covered; any c/m covers it, so a player who already holds 3 of one colour covers with the other. A c/m of a colour you hold 3 of goes to the next player who still needs it.",
      "Buying the pockets (two to four players): a black is worth 5, a white 10, the queen 25. At a later turn than the one in which you reached the points, pay c/m worth 25 for a free pocket, or 60 for another player's: they go back to the centre and the pocket is yours (a ring of your colour). Whoever owns all four pockets wins.",
      "In all three, a foul or a pocketed striker costs one of your c/m, your least valuable, back to the centre, or owed until you pocket one. Players sit to the right in turn order: two face each other, three take three sides.",
    ],
  },
  {
    id: "words", title: "Words", rules: "",
    paras: [
      "c/m: a carrom man, one of the white or black playing pieces.",
      "Due: a piece paid back for pocketing the striker. Penalty: a piece paid back for a foul.",
      "Cover: pocketing one of your own c/m right after (or with) the queen.",
      "Board: one deal, from the break until a player has pocketed all his c/m. Game: boards up to 25 points. Match: the best of three games.",
    ],
  },
];

// sectionOf is the section of this page that explains a rule ID.
export function sectionOf(id: string): string {
  const p = id.replace(/-.*/, "");
  switch (p) {
    case "B": return "break";
    case "T": return "turn";
    case "Q": return "queen";
    case "D": case "PL": case "H": return "dues";
    case "SC": case "SP": return "scoring";
    case "G": case "TM": return "match";
    case "V": case "S": return "variants";
  }
  return "aim";
}

export function RulesPage({ app }: { app: App }) {
  useEffect(() => { if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView(); }, []);
  return (
    <article class="rules">
      <h1>How to play carrom</h1>
      <p class="help">The laws of the International Carrom Federation, in plain words; the family rules differ in a few points (three missed breaks are a foul, and more fouls). The IDs beside each heading (Q-4, SC-2, …) are the ones the rulings at the table cite.</p>
      <nav>{SECTIONS.map((s) => <a href={`#${s.id}`}>{s.title}</a>)}</nav>
      {SECTIONS.map((s) => (
        <section id={s.id}>
          <h2>{s.title}{s.rules ? <small class="ids">{` ${s.rules}`}</small> : ""}</h2>
          {s.paras.map((p) => <p>{p}</p>)}
          {DIAGRAMS[s.id] && <StrokeDiagram app={app} d={DIAGRAMS[s.id]} />}
        </section>
      ))}
      <p><a class="button" href="/">Play</a></p>
    </article>
  );
}
