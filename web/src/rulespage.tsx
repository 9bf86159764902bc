// How to play: the laws of RULES.md in plain words, one section per
// subject, each with an anchor that the rulings link to.
import { useEffect, useRef } from "preact/hooks";
import type { App } from "./app";
import { BoardView } from "./boardview";
import { api } from "./api";
import { cite, expand, t } from "./i18n";
import type { ClientMsg, Piece, Practiced, Trajectory } from "./protocol";

// A diagram: the strokes and placings the server plays from a position
// ("" for the start of a board), shown again and again on a small board;
// its caption is a catalogue key.
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
  break: { caption: "howto.diagram.break", position: "", steps: [{ type: "strike", x: 0, angle: 90, power: 1 }] },
  queen: {
    caption: "howto.diagram.queen",
    position: LATE + "q 0.2905,0.2091 w1 -0.2905,0.2091 w2 0,0.1 b1 0,-0.05 b2 0,0.25" + LATE_POCKETED,
    steps: [
      { type: "strike", x: 0.1, dir: [0.24775, 0.60035], speed: 1.5 },
      { type: "strike", x: -0.1, dir: [-0.24775, 0.60035], speed: 1.5 },
    ],
  },
  dues: {
    caption: "howto.diagram.dues",
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
      <canvas class="diagram" role="img" aria-label={t(d.caption)} ref={canvas} />
      <figcaption>{t(d.caption)}</figcaption>
    </figure>
  );
}

// A section of the page: its title and paragraphs are catalogue keys.
interface Section { id: string; title: string; paras: string[]; rules: string }

const SECTIONS: Section[] = [
  {
    id: "aim", title: "howto.aim.title", rules: "SC-1",
    paras: ["howto.aim.1", "howto.aim.2"],
  },
  {
    id: "break", title: "howto.break.title", rules: "B-1…B-8",
    paras: ["howto.break.1", "howto.break.2", "howto.break.3"],
  },
  {
    id: "turn", title: "howto.turn.title", rules: "T-1…T-4",
    paras: ["howto.turn.1"],
  },
  {
    id: "queen", title: "howto.queen.title", rules: "Q-1…Q-12",
    paras: ["howto.queen.1", "howto.queen.2", "howto.queen.3"],
  },
  {
    id: "dues", title: "howto.dues.title", rules: "D-1…D-10, PL-1…PL-5",
    paras: ["howto.dues.1", "howto.dues.2", "howto.dues.3"],
  },
  {
    id: "scoring", title: "howto.scoring.title", rules: "SC-1…SC-5",
    paras: ["howto.scoring.1", "howto.scoring.2"],
  },
  {
    id: "match", title: "howto.match.title", rules: "G-1…G-4",
    paras: ["howto.match.1", "howto.match.2"],
  },
  {
    id: "variants", title: "howto.variants.title", rules: "V-1…V-3",
    paras: ["howto.variants.1", "howto.variants.2", "howto.variants.3", "howto.variants.4"],
  },
  {
    id: "words", title: "howto.words.title", rules: "",
    paras: ["howto.words.1", "howto.words.2", "howto.words.3", "howto.words.4"],
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
      <h1>{t("howto.title")}</h1>
      <p class="help">{t("howto.intro")}</p>
      <nav>{SECTIONS.map((s) => <a href={`#${s.id}`}>{t(s.title)}</a>)}</nav>
      {SECTIONS.map((s) => {
        // Beside our IDs, the same laws in the reader's rule book: "F 3.5".
        const laws = s.rules ? cite(expand(s.rules)) : "";
        return (
          <section id={s.id}>
            <h2>{t(s.title)}{s.rules ? <small class="ids">{` ${s.rules}`}</small> : ""}{laws ? <small class="laws" dir="auto">{` · ${laws}`}</small> : ""}</h2>
            {s.paras.map((p) => <p>{t(p)}</p>)}
            {DIAGRAMS[s.id] && <StrokeDiagram app={app} d={DIAGRAMS[s.id]} />}
          </section>
        );
      })}
      <p><a class="button" href="/">{t("howto.play")}</a></p>
    </article>
  );
}
