// A table in play: the board, and around it what the current step needs
// (whose turn, the clock and the power, the buttons, the ruling), the
// players and the moves, a board's summary and the match's end. The
// connection and the input live in their own modules; this is the view.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { App } from "./app";
import { BoardCanvas } from "./boardcanvas";
import { FirstStroke, firstStrokeDue, Keys } from "./guide";
import { Nodes } from "./nodes";
import { Ruling, ScoreBar, Side } from "./panel";
import type { Hint } from "./protocol";
import { requestRematch } from "./rematch";
import { TableModel, type BoardSummary, type MatchSummary } from "./tablemodel";
import { WordsRow } from "./words";
import { wholePercent } from "./format";
import { t as tr } from "./i18n";

// A touch screen's pointer: no keyboard to aim with is assumed.
const COARSE = matchMedia("(pointer: coarse)").matches;

export function TableScreen({ app, id, seats }: { app: App; id: string; seats: number[] }) {
  const t = useMemo(() => new TableModel(app, id, seats), [id]);
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => t.start(canvas.current!), [t]);
  const st = t.st.value, held = t.held.value;
  // The first-stroke guide: by itself at the first stroke of an untimed
  // game (no clock runs while it plays), or when asked.
  const [guide, setGuide] = useState<"" | "due" | "asked">(() => firstStrokeDue(id) ? "due" : "");
  const guideNow = guide === "asked" || (guide === "due" && t.mine.value && st?.to_act.need === "strike" && !st.config.clock && !t.summary.value);
  return (
    <div class="play">
      <ScoreBar st={st} held={held} />
      <div class="boardcol">
        <div class="boardwrap">
          <BoardCanvas canvas={canvas} />
          {t.summary.value && <Summary s={t.summary.value} />}
          {t.over.value && <MatchOver t={t} m={t.over.value} />}
          {guideNow && <FirstStroke done={() => setGuide("")} />}
        </div>
      </div>
      <div class="step">
        <Status t={t} />
        <div class="meters">
          <span class={t.clock.value !== null && t.clock.value <= 5 ? "clock low" : "clock"} id="clock">{t.clock.value === null ? "" : tr("table.clock", { Seconds: t.clock.value })}</span>
          <span class="power" id="power">{t.input?.aim.value && t.mine.value ? tr("table.power", { Percent: wholePercent(t.input.aim.value.power) }) : ""}</span>
        </div>
        <Controls t={t} />
        <Nodes nodes={[t.buy.el]} />
        <HintLine hint={t.hint.value} />
        <div class="error" id="error">{t.error.value}</div>
        <TakeSeats t={t} />
        <Invites t={t} />
        <Ruling log={t.log} />
        <Concede t={t} />
      </div>
      <Side st={st} held={held} log={t.log} spectators={t.spectators.value} said={t.words.said.value}>
        {/* Words at the table, for the players: in the column that
            scrolls, so that the board and the step keep their room. */}
        <WordsRow words={t.words} seated={held.length > 0} send={(m) => t.send(m)} />
        {/* Spectators neither concede nor need the how-to. */}
        <details class="howto" hidden={!held.length}>
          <summary>{tr("table.howto.title")}</summary>
          <p class="help">
            {tr("table.howto.text") + " "}<Keys move="table.key.place" sound />
          </p>
          <button type="button" class="secondary" id="show-first-stroke" onClick={() => setGuide("asked")}>{tr("table.showFirstStroke")}</button>
        </details>
      </Side>
    </div>
  );
}

function Status({ t }: { t: TableModel }) {
  const low = t.clock.value !== null && t.clock.value <= 5;
  const ended = t.ended.value;
  return (
    <div class={low ? "status low" : "status"} id="status" role="status">
      {ended === "gone" ? tr("table.gone")
        : ended === "over" ? <>{tr("table.overIs") + " "}<a href={`/replay/${t.id}`}>{tr("table.replayIt")}</a>{tr("sentence.end")}</>
        : t.status.value}
      {t.st.value?.unrated ? <p id="unrated">{t.st.value.aborted ? tr("table.aborted.unrated") : t.st.value.unrated}</p> : null}
    </div>
  );
}

function Controls({ t }: { t: TableModel }) {
  const st = t.st.value, mine = t.mine.value, inp = t.input;
  const b = [];
  if (st && inp && mine && st.to_act.need === "place") {
    const hint = st.to_act.place_hint;
    if (hint) b.push(<button type="button" id="place-hint" onClick={() => t.send({ type: "place", x: hint[0], y: hint[1] })}>{tr("table.placeHint")}</button>);
    // A variant's c/m cannot be forgone: it would be no player's.
    if (!st.variant) b.push(<button type="button" class="secondary" id="forgo" onClick={() => t.send({ type: "forgo" })}>{tr("table.forgo")}</button>);
  }
  if (st && inp && mine && st.to_act.need === "strike") {
    const aim = inp.aim.value, locked = inp.locked.value;
    // Nothing pops up mid-drag: a pull shoots when let go (or, locked,
    // waits for Shoot, which appears then); a touch screen has no keys to
    // aim with.
    if (inp.mode.value !== "pull" && (aim || !COARSE)) {
      b.push(<button type="button" id="shoot" onClick={() => { if (inp.aim.peek()) inp.shoot(); else inp.startKeyAim(); }}>{aim ? tr("table.shoot") : tr("table.aimKeys")}</button>);
    }
    if (aim && inp.mode.value !== "pull") b.push(<button type="button" class="secondary" onClick={() => { inp.cancel(); t.hint.value = null; }}>{tr("table.cancel")}</button>);
    // The coach, in games against the computer.
    if (t.coached.value) b.push(<button type="button" class="secondary" id="hint" disabled={t.asking.value} title={tr("table.hintTitle")} onClick={() => void t.askHint()}>{tr("table.hint")}</button>);
    // Lock: letting go keeps the aim, to be turned by half degrees and
    // its power changed by a percent before shooting.
    b.push(<button type="button" class="secondary" id="lock" aria-pressed={locked} title={tr("table.lockTitle")}
      onClick={() => { inp.locked.value = !inp.locked.peek(); }}>{locked ? tr("table.lockOn") : tr("table.lockOff")}</button>);
    if (locked && aim && inp.mode.value === "none") {
      for (const [id, label, title, turn, dp] of [
        ["turn-left", "↶", "table.turnLeft", 0.5, 0], ["turn-right", "↷", "table.turnRight", -0.5, 0],
        ["power-down", "−", "table.powerDown", 0, -0.01], ["power-up", "+", "table.powerUp", 0, 0.01],
      ] as const) {
        b.push(<button type="button" class="secondary nudge" id={id} title={tr(title)} aria-label={tr(title)} onClick={() => inp.nudge(turn, dp)}>{label}</button>);
      }
    }
  }
  // The last stroke again, at once, and slow motion for every stroke.
  if (st && t.lastTraj.value && !st.over && !t.summary.value) {
    const slow = t.slow.value;
    b.push(<button type="button" class="secondary" id="replay-last" title={tr("table.lastTitle")} onClick={() => void t.replayLast()}>{"↺ " + tr("table.last")}</button>);
    b.push(<button type="button" class="secondary" id="slow" aria-pressed={slow} title={tr("table.slowTitle")} onClick={() => t.toggleSlow()}>{slow ? tr("table.slowOn") : tr("table.slowOff")}</button>);
  }
  return <div class="controls">{b}</div>;
}

// HintLine says the coach's shot in words; its data are the shot, for
// tests and assistive tools.
export function HintLine({ hint }: { hint: { words: string; h: Hint } | null }) {
  if (!hint) return null;
  const h = hint.h;
  return (
    <p class="hint" id="hint-text" aria-live="polite" data-x={String(h.x)} data-dir={h.dir.join(",")} data-speed={String(h.speed)} data-power={String(h.power)}
      data-target={h.target ?? ""} data-success={String(h.success)} data-kind={h.kind}>
      {tr("table.coach", { Words: hint.words })}
    </p>
  );
}

// TakeSeats offers the seats the page's address names (?seat=N): any site
// can link here, so a seat is taken only by its player's click.
function TakeSeats({ t }: { t: TableModel }) {
  const seats = t.offered.value;
  if (!seats.length) return null;
  const rated = !!t.st.value?.config.rated;
  return (
    <div class="take" id="take-seats">
      <p>{rated ? tr("table.seatOfferRated") : tr("table.seatOffer")}</p>
      {seats.map((s) => <button type="button" id={`take-seat-${s}`} onClick={() => t.take(s)}>{tr("table.takeSeat", { N: s + 1 })}</button>)}
    </div>
  );
}

// Invites are the links for the free seats, with Copy and, on a phone, Share.
function Invites({ t }: { t: TableModel }) {
  const st = t.st.value;
  const free = st?.seats.filter((s) => s.kind === "human" && !s.taken) ?? [];
  if (!st || !free.length) return <div class="links" />;
  return (
    <div class="links">
      <h3>{tr("table.invite")}</h3>
      {free.map((s) => <Invite key={s.seat} seat={s.seat} side={st.variant ? -1 : s.side} url={`${location.origin}/t/${st.table}?seat=${s.seat}`} />)}
    </div>
  );
}

function Invite({ seat, side, url }: { seat: number; side: number; url: string }) {
  const [copied, setCopied] = useState(() => tr("table.copy"));
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(tr("table.copied"));
    } catch {
      // No clipboard (an insecure origin, no permission): the link is
      // selected for the player to copy.
      input.current?.focus(); input.current?.select();
      setCopied(tr("table.pressCopy"));
    }
  };
  return (
    <label>
      {side < 0 ? tr("lobby.seat", { N: seat + 1 }) : tr("lobby.seatSide", { N: seat + 1, Side: side + 1 })}
      <div class="invite">
        <input readOnly value={url} data-seat={String(seat)} aria-label={tr("table.linkFor", { N: seat + 1 })} ref={input} onFocus={() => input.current?.select()} />
        <button type="button" class="secondary copy" data-seat={String(seat)} onClick={copy}>{copied}</button>
        {/* A phone's share sheet, where there is one. */}
        {typeof navigator.share === "function" && (
          <button type="button" class="secondary share" onClick={() => { navigator.share({ title: tr("table.shareTitle"), url }).catch(() => undefined); }}>{tr("table.share")}</button>
        )}
      </div>
    </label>
  );
}

type Concession = "board" | "game" | "match";

// Concede offers the player to give up the board, the game or the match,
// each asked again in the page; a spectator, or a match that is over,
// has no such menu.
function Concede({ t }: { t: TableModel }) {
  const box = useRef<HTMLDetailsElement>(null);
  const [asked, setAsked] = useState<Concession | null>(null);
  if (!t.held.value.length || t.st.value?.over || t.over.value) return null;
  return (
    <>
      <details class="concede" ref={box}>
        <summary>{tr("table.concede")}</summary>
        {(["board", "game", "match"] as const).map((w) => (
          <button class="secondary" type="button" onClick={() => {
            if (box.current) box.current.open = false;
            setAsked(w);
          }}>{tr(CONCEDE_WHAT[w])}</button>
        ))}
      </details>
      {asked && <ConfirmConcede what={asked} done={(yes) => {
        setAsked(null);
        if (yes) t.send({ type: "concede", what: asked });
      }} />}
    </>
  );
}

// The concession's words: the menu's item, the dialog's question, its
// button and what it does.
const CONCEDE_WHAT: Record<Concession, string> = { board: "concede.board", game: "concede.game", match: "concede.match" };
const CONCEDE_Q: Record<Concession, string> = { board: "table.concedeQ.board", game: "table.concedeQ.game", match: "table.concedeQ.match" };
const CONCEDE_DO: Record<Concession, string> = { board: "table.concedeDo.board", game: "table.concedeDo.game", match: "table.concedeDo.match" };
const CONCEDED: Record<Concession, string> = { board: "table.conceded.board", game: "table.conceded.game", match: "table.conceded.match" };

// ConfirmConcede asks "are you sure?" in a modal dialog of the page (not
// the browser's bare confirm box): Escape or "Keep playing", which has the
// focus, changes nothing.
function ConfirmConcede({ what, done }: { what: Concession; done: (yes: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current!;
    d.showModal();
    return () => d.close();
  }, []);
  return (
    <dialog class="confirm" id="concede-confirm" ref={dialog} aria-labelledby="concede-title" onCancel={(e) => { e.preventDefault(); done(false); }}>
      <h2 id="concede-title">{tr(CONCEDE_Q[what])}</h2>
      <p>{tr(CONCEDED[what])}</p>
      <div class="actions">
        <button type="button" id="concede-yes" onClick={() => done(true)}>{tr(CONCEDE_DO[what])}</button>
        <button type="button" class="secondary" id="concede-no" autofocus onClick={() => done(false)}>{tr("table.keepPlaying")}</button>
      </div>
    </dialog>
  );
}

// Summary is a board's end: the points and why, the score, the next
// board's colours, and Next board when the player paces it. A timed first
// stroke of his own is counted down on the button, which goes on by
// itself a few seconds before the clock runs out.
function Summary({ s }: { s: BoardSummary }) {
  const next = useRef<HTMLButtonElement>(null);
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    next.current?.focus();
    if (!s.deadline) return;
    const tick = () => {
      const l = Math.ceil((s.deadline! - Date.now()) / 1000);
      setLeft(Math.max(0, l));
      if (l <= 3) s.next();
    };
    tick();
    const timer = window.setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [s]);
  return (
    <div class="summary" id="summary" role="dialog" aria-live="assertive" aria-label={s.title}>
      <h2>{s.title}</h2>
      <p class="why">{s.why}</p>
      <p id="summary-score">{s.score}</p>
      <p id="summary-colour" class="colour"><span class={`chip ${s.chip}`} />{" "}{s.colour}</p>
      {s.wait && <button type="button" id="next-board" ref={next} onClick={() => s.next()}>{left === null ? tr("table.nextBoard") : tr("table.nextBoardIn", { Seconds: left })}</button>}
    </div>
  );
}

// MatchOver is the end of the match: who won, the score by game, and what next.
function MatchOver({ t, m }: { t: TableModel; m: MatchSummary }) {
  const [busy, setBusy] = useState(false);
  const held = t.held.value;
  const rematch = async () => {
    setBusy(true);
    try {
      location.href = await requestRematch(t.id);
    } catch (e) {
      t.error.value = e instanceof Error ? e.message : String(e);
      setBusy(false);
    }
  };
  return (
    <div class="summary over" id="match-over" role="dialog" aria-live="assertive" aria-label={m.title}>
      <h2>{m.title}</h2>
      {m.why && <p id="match-why">{m.why}</p>}
      {m.points ? <Nodes nodes={[m.points]} /> : <table class="list" id="game-scores">
        <tr><th>{tr("table.over.game")}</th><th>{m.names[0]}</th><th>{m.names[1]}</th></tr>
        {m.games.map(([g, sc]) => <tr><td>{g}</td><td>{String(sc[0])}</td><td>{String(sc[1])}</td></tr>)}
        <tr class="total"><th>{tr("table.over.won")}</th><th>{String(m.won[0])}</th><th>{String(m.won[1])}</th></tr>
      </table>}
      <div class="actions">
        {held.length > 0 && <button type="button" id="rematch" disabled={busy} onClick={rematch}>{tr("table.rematch")}</button>}
        <a class="button" href="/#new" id="new-game">{tr("table.newGame")}</a>
        <a class="button secondary" href="/" id="lobby">{tr("table.lobby")}</a>
        <a class="button secondary" href={`/replay/${t.id}`}>{tr("table.replay")}</a>
      </div>
    </div>
  );
}
