// The scoresheet's outbox: every entry is numbered and kept in
// localStorage before it is sent, and the entries go out one at a time,
// in order. A lost connection keeps them on the device and retries; the
// server stores a number once and answers a resend as a duplicate, so
// nothing is lost or applied twice. An entry the server refuses stops the
// queue: it and the entries made after it are shown as refused until the
// umpire discards them.
import type { MatchState } from "./protocol";

export interface Op {
  seq: number; line?: unknown; undo?: boolean; edit?: { entry: number; line: unknown }; insert?: { entry: number; line: unknown };
  remove?: number; sign?: number;
}

export interface SheetBoard {
  n: number; game: number; number: number; breaker: number; white: number; winner: number | null; points: number;
  rule: string; slam?: string; queen: number | null; score: number[] | null; games: [number, number]; game_winner: number | null;
  first: number; last: number; strokes: number; over: boolean; signed: boolean;
}

export interface SheetView {
  config: { rules: string; players: number; names: string[]; event?: string; umpire?: string };
  seq: number; start: MatchState; state: MatchState;
  entries: { n: number; seat: number; board: number; line: unknown; reply: MatchState }[];
  boards: SheetBoard[]; locked: number; signed: number; must_sign: number; queen_value?: number[];
  over: boolean; winner: number | null;
  stats: { boards: number; queens: number; slams: number; strokes: number; scoring: number; fouls: number }[];
}

export interface SheetReply {
  id: string; created: string; view: SheetView; yours: boolean; duplicate?: boolean;
  rating?: { accounts: string[]; confirmed: string[]; rated: boolean };
}

// The signed-in account of this browser, if any: its name, and the token
// every state-changing request of its session carries (X-CSRF-Token).
export const me = { name: "", csrf: "" };

export async function whoAmI(): Promise<void> {
  try {
    const a = await (await fetch("/api/account")).json() as { signed_in?: boolean; name?: string; csrf?: string };
    if (a.signed_in) { me.name = a.name ?? ""; me.csrf = a.csrf ?? ""; }
  } catch { /* no account: the sheet works without one */ }
}

// post sends a JSON body, with the session's CSRF token when signed in.
export function post(path: string, body: unknown): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (me.csrf) headers["X-CSRF-Token"] = me.csrf;
  return fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
}

interface Stored { ops: Op[]; refused: { op: Op; error: string }[] }

const RETRY_MS = 2000;

export class Queue {
  private ops: Op[] = [];
  private bad: { op: Op; error: string }[] = [];
  private busy = false;
  private timer = 0;
  offline = false;
  private readonly key: string;

  constructor(private id: string, private onAnswer: (r: SheetReply) => void, private onSync: () => void, private onError: (e: string) => void) {
    this.key = `carrom-umpire-${id}`;
    try {
      const s = JSON.parse(localStorage.getItem(this.key) ?? "null") as Stored | null;
      if (s) { this.ops = s.ops ?? []; this.bad = s.refused ?? []; }
    } catch { /* an unreadable outbox is an empty one */ }
  }

  get length(): number { return this.ops.length }
  pending(): Op[] { return this.ops }
  refused(): { op: Op; error: string }[] { return this.bad }

  start(): void {
    window.addEventListener("online", () => this.flush());
    this.flush();
  }

  // push numbers op after the server's last entry (serverSeq) and those
  // still waiting, keeps it, sends what waits, and returns its number.
  push(op: Omit<Op, "seq">, serverSeq: number): number {
    const seq = Math.max(serverSeq, this.ops.length ? this.ops[this.ops.length - 1].seq : 0) + 1;
    this.ops.push({ seq, ...op });
    this.save();
    this.flush();
    return seq;
  }

  discard(): void { this.bad = []; this.save(); this.onSync(); }

  describe(): string {
    const n = this.ops.length;
    const entries = `${n} entr${n === 1 ? "y" : "ies"}`;
    if (this.offline) return `Offline: ${entries} kept on this device, sent when the connection returns`;
    if (n) return `Sending ${entries}…`;
    return "All entries saved";
  }

  private save(): void { localStorage.setItem(this.key, JSON.stringify({ ops: this.ops, refused: this.bad } satisfies Stored)); }

  private retry(): void {
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.flush(), RETRY_MS);
  }

  private async flush(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      while (this.ops.length) {
        const op = this.ops[0];
        let res: Response;
        try {
          res = await post(`/api/umpire/${this.id}/entries`, op);
        } catch {
          this.offline = true;
          this.retry();
          return;
        }
        this.offline = false;
        const data = await res.json().catch(() => ({ error: res.statusText }));
        if (res.ok) {
          this.ops.shift();
          this.save();
          this.onAnswer(data as SheetReply);
          continue;
        }
        if (res.status >= 500 || res.status === 429) {
          // The server could not answer now: the entry stays, to be sent again.
          this.retry();
          return;
        }
        const error = (data as { error?: string }).error ?? res.statusText;
        this.bad.push(...this.ops.map((o, i) => ({ op: o, error: i === 0 ? error : "It was made after the refused entry above." })));
        this.ops = [];
        this.save();
        this.onError(error);
        // The sheet as the server has it, to show beside what was refused.
        const cur = await fetch(`/api/umpire/${this.id}`).then((r) => r.json()).catch(() => undefined);
        if (cur?.view) this.onAnswer(cur as SheetReply);
      }
    } finally {
      this.busy = false;
      this.onSync();
    }
  }
}
