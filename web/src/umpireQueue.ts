// The scoresheet's outbox: every entry is numbered and kept in
// localStorage before it is sent, and the entries go out one at a time,
// in order. A lost connection keeps them on the device and retries; the
// server stores a number once and answers a resend as a duplicate, so
// nothing is lost or applied twice. An entry the server refuses stops the
// queue: it and the entries made after it are shown as refused until the
// umpire discards them.
import { ApiError, api, me as account } from "./api";
import { t } from "./i18n";
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

// The signed-in account of this browser, if any (the sheet works
// without one).
export const me = { name: "" };

export async function whoAmI(): Promise<void> {
  const a = await account();
  if (a.signed_in) me.name = a.name ?? "";
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
    if (this.offline) return t("umpire.sync.offline", { Count: n });
    if (n) return t("umpire.sync.sending", { Count: n });
    return t("umpire.sync.saved");
  }

  private save(): void { localStorage.setItem(this.key, JSON.stringify({ ops: this.ops, refused: this.bad } satisfies Stored)); }

  // retry sends again after the wait the server asked for (Retry-After),
  // or RETRY_MS if it did not say.
  private retry(after = RETRY_MS): void {
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.flush(), after);
  }

  private async flush(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      while (this.ops.length) {
        const op = this.ops[0];
        let reply: SheetReply;
        try {
          reply = await api<SheetReply>("POST", `/api/umpire/${this.id}/entries`, op);
        } catch (e) {
          const err = e instanceof ApiError ? e : new ApiError(String(e), 0);
          this.offline = err.status === 0;
          if (err.status === 0 || err.status >= 500 || err.status === 429) {
            // The server could not answer now: the entry stays, to be sent again.
            this.retry(err.retryAfter);
            return;
          }
          const error = err.message;
          this.bad.push(...this.ops.map((o, i) => ({ op: o, error: i === 0 ? error : t("umpire.queue.after") })));
          this.ops = [];
          this.save();
          this.onError(error);
          // The sheet as the server has it, to show beside what was refused.
          const cur = await api<SheetReply>("GET", `/api/umpire/${this.id}`).catch(() => undefined);
          if (cur?.view) this.onAnswer(cur);
          continue;
        }
        this.offline = false;
        this.ops.shift();
        this.save();
        this.onAnswer(reply);
      }
    } finally {
      this.busy = false;
      this.onSync();
    }
  }
}
