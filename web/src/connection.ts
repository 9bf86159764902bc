// The WebSocket to a table: it connects (again after a drop, from the last
// sequence number applied), sends the client's messages, and hands the
// table's messages over one at a time, in order, each after the one
// before has been played out.
import type { AimMsg, ClientMsg, EventMsg, RematchMsg, SaidMsg, SeatsMsg, ServerMsg, StateMsg } from "./protocol";

export interface Listener {
  // since is the sequence number of the last state applied.
  since(): number;
  welcome(seats: number[]): void;
  // refused: a message refused, in the server's English and, for a
  // refusal a player meets, its code and values (protocol.ErrorMsg).
  refused(error: string, code?: string, params?: Record<string, string | number>): void;
  // rematch: another player asked for a rematch of the finished match.
  rematch(m: RematchMsg): void;
  // aim is the live aim of the seat to strike, as it comes.
  aim(m: AimMsg): void;
  // said is a phrase a player said, as it comes.
  said(m: SaidMsg): void;
  // table applies a state, an event or the seats; the next waits until
  // it resolves.
  table(m: StateMsg | EventMsg | SeatsMsg): Promise<void>;
  // lost is told of a drop; it resolves to true when the table is gone
  // for good, and then no new connection is tried.
  lost(welcomed: boolean): Promise<boolean>;
}

export class Connection {
  private ws: WebSocket | null = null;
  private queue: (StateMsg | EventMsg | SeatsMsg)[] = [];
  private draining = false;

  constructor(private id: string, private l: Listener) {
    this.connect();
  }

  get open(): boolean { return !!this.ws && this.ws.readyState === WebSocket.OPEN; }

  // send sends a message with the protocol's version; false when not connected.
  send(m: ClientMsg): boolean {
    if (!this.ws || !this.open) return false;
    this.ws.send(JSON.stringify({ v: 1, ...m }));
    return true;
  }

  private connect(): void {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/${this.id}?since=${this.l.since()}`);
    this.ws = ws;
    ws.onmessage = (e) => this.receive(JSON.parse(e.data) as ServerMsg);
    let welcomed = false;
    ws.addEventListener("message", () => { welcomed = true; }, { once: true });
    ws.onclose = async () => {
      if (this.ws !== ws) return;
      this.ws = null;
      // Refused at once: the table may be unknown, or over and closed.
      if (await this.l.lost(welcomed)) return;
      setTimeout(() => this.connect(), 1000);
    };
  }

  private receive(m: ServerMsg): void {
    switch (m.type) {
      case "welcome": this.l.welcome(m.seats); return;
      case "error": this.l.refused(m.error, m.code, m.params); return;
      case "rematch": this.l.rematch(m); return;
      case "aim": this.l.aim(m); return;
      case "said": this.l.said(m); return;
      case "pong": return;
    }
    this.queue.push(m);
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    while (this.queue.length) await this.l.table(this.queue.shift()!);
    this.draining = false;
  }
}
