// The messages of docs/protocol.md, as the client reads and sends them.
// TestProtocolTypes checks the referee's state here against package record.

export type Kind = "white" | "black" | "queen" | "striker";

export interface Piece { id: string; kind: Kind; x: number; y: number }

export interface SeatState {
  seat: number; kind: "human" | "computer"; level?: string; nickname?: string;
  taken: boolean; connected: boolean; position: number; side: number;
}

export interface ToAct {
  seat: number; need: "strike" | "place" | "toss" | "nothing"; colour?: "white" | "black"; position: number;
  striker_ranges?: [number, number][]; place_hint?: [number, number]; deadline: number;
}

export interface Placing { colour: string; count: number; placer: number | null; rule: string }
export interface Ruling { rules: string[]; turn_kept: boolean; place: Placing[]; centre: string[] }
export interface BoardResult { winner: number | null; points: number; rule: string; slam?: string }

export interface MatchState {
  turn: number; awaiting: string; game: number; games: [number, number]; score: [number, number];
  board: {
    number: number; breaker: number; white: number; broken: boolean;
    on_board: { white: number; black: number; queen: boolean };
    owed: [number, number]; queen: "board" | "pending" | "covered"; queen_side: number | null; attempts: number;
    technical?: [number, number];
  };
  result: BoardResult | null; game_winner: number | null; game_score?: [number, number];
  match_winner: number | null; ruling?: Ruling; rules: string; players: number;
  claimable?: [boolean, boolean]; change_sides?: boolean;
}

export interface TableConfig {
  rules: string; players: number; clock: number;
  seats: { kind: "human" | "computer"; level?: string }[]; seed?: number; rated?: boolean;
}

export interface Counts { white: number; black: number; queen: boolean }

// The board of a variant without colours (RULES §14); players are seats.
export interface VariantState {
  turn: number; awaiting: string; score: number[]; held: Counts[];
  board: {
    broken: boolean; on_board: Counts; queen: "board" | "pending" | "covered"; queen_side: number | null;
    owed: number[]; attempts: number; owner?: (number | null)[];
  };
  result: BoardResult | null; match_winner: number | null; ruling?: Ruling; rules: string; players: number;
  worth: { white: number; black: number; queen: number };
  prices?: { free: number; owned: number };
  banked: Counts[];
}

export interface GameState {
  table: string; config: TableConfig; started: boolean; over: boolean; seats: SeatState[];
  pieces: Piece[]; held: [number, number]; to_act: ToAct; match: MatchState;
  variant?: VariantState;
  unrated?: string;
  aborted?: boolean;
}

export interface Motion { x: number; y: number; vx: number; vy: number; decel: number }
export interface Disc extends Motion { id: string; kind: Kind }
export interface TrajEvent { t: number; kind: "pocket" | "cushion" | "contact" | "stop"; i: number; j: number; a: Motion; b?: Motion }
export interface Trajectory { start: Disc[]; events: TrajEvent[]; time: number }

export interface Action {
  kind: "strike" | "place" | "forgo" | "concede" | "toss" | "timeout" | "forfeit" | "buy" | "bell";
  seat: number; shot?: { x: number; dir: [number, number]; speed: number };
  at?: [number, number]; concede?: string; toss?: number; rule?: string;
  buy?: { pocket: number; white: number; black: number; queen: boolean };
}

export interface Stroke {
  white: number; black: number; queen: boolean; striker: boolean; touched: boolean | null; foul: boolean;
  striker_off?: boolean; jumped?: { white: number; black: number; queen: boolean };
}

export interface Outcome { stroke?: Stroke; trajectory?: Trajectory; respotted: Piece[]; void: boolean }

export interface StateMsg { v: 1; type: "state"; seq: number; state: GameState }
export interface EventMsg { v: 1; type: "event"; seq: number; action: Action; outcome: Outcome; state: GameState }
// Who sits where and is connected, and how many watch: sent when only
// that has changed (someone joined or left the table).
export interface SeatsMsg { v: 1; type: "seats"; seq: number; seating: SeatState[]; spectators: number }
export interface WelcomeMsg { v: 1; type: "welcome"; table: string; seq: number; seats: number[]; nickname?: string }
// The values a refusal's words name, by name (errors.ts).
export type Params = Record<string, string | number>;
export interface ErrorMsg { v: 1; type: "error"; error: string; code?: string; params?: Params }
// The aim of the seat to strike, live (a player's, passed on by the
// server) or about to be played (a computer's); trusted for nothing.
export interface AimMsg { v: 1; type: "aim"; seq: number; seat: number; x: number; dir: [number, number]; power: number }
// What the client sends (docs/protocol.md, "Client to server"), without
// the version, which send adds.
export type ClientMsg =
  | { type: "sit"; seat: number; nickname?: string; csrf?: string }
  | { type: "strike"; x: number; power: number; angle: number }
  | { type: "strike"; x: number; power: number; dir: [number, number] }
  | { type: "strike"; x: number; speed: number; dir: [number, number] }
  | { type: "place"; x: number; y: number }
  | { type: "forgo" }
  | { type: "concede"; what: "board" | "game" | "match" }
  | { type: "buy"; pocket: number; white: number; black: number; queen: boolean }
  | { type: "aim"; x: number; dir: [number, number]; power: number }
  | { type: "say"; phrase: Phrase; spectators?: boolean }
  | { type: "ping" };

// A rematch of this finished table is ready at table `rematch`.
export interface RematchMsg { v: 1; type: "rematch"; table: string; rematch: string }

// The coach's shot (POST /api/tables/{id}/hint, and in practice): the
// strike to send as it is, its power, what it aims at and its chance.
export interface Hint {
  seq: number; x: number; dir: [number, number]; speed: number; power: number;
  kind: string; target?: string; pocket?: [number, number]; success: number;
}

// An answer of POST /api/practice: the position after the action, its
// state, the action's event, and a hint if asked for.
export interface Practiced { position: string; state: GameState; event?: EventMsg; hint?: Hint }

// A tournament's call to its online table, pushed on the live channel
// ("tournament", docs/protocol.md): the link holds the player's seat.
export interface TournamentCall { tournament: string; name: string; round: number; board: number; table: string; link: string; opponent: string }

export interface PongMsg { v: 1; type: "pong" }

// Words at the table: the phrases a player may say (protocol.Phrases),
// and one said, heard by the players and, if the sayer lets them, the
// spectators.
export const PHRASES = ["hello", "good-shot", "well-played", "thanks", "sorry", "good-luck", "oops", "rematch?"] as const;
export type Phrase = typeof PHRASES[number];
export interface SaidMsg { v: 1; type: "said"; seat: number; phrase: Phrase }

export type ServerMsg = StateMsg | EventMsg | SeatsMsg | WelcomeMsg | ErrorMsg | RematchMsg | AimMsg | PongMsg | SaidMsg;

export interface TableInfo {
  id: string; config: TableConfig; created: string; finished?: string; result?: unknown;
  seats: { seat: number; kind: string; level?: string; nickname?: string; taken: boolean }[];
  links: string[];
}

export interface Replay { table: TableInfo; start?: StateMsg; events: EventMsg[] }

export interface Geometry {
  half: number; frame: number; pocket_radius: number; coin_radius: number; striker_radius: number;
  midline: number; base_circle_radius: number; base_core_radius: number; centre_radius: number;
  outer_radius: number; outer_line_width: number;
  pockets: [number, number][]; baselines: [number, number][][][]; base_circles: [number, number][][];
  arrows: [number, number][][];
}

export interface ClientConfig { geometry: Geometry; levels: string[] }

// Quick pairing (docs/pairing.md): a pool, the body of POST /api/pool; a
// player's place in it; and the push on the live channel once paired.
export interface PoolSpec { rules: string; clock: number; rated: boolean }
export interface PoolStatus { pool: PoolSpec; waiting: boolean; count: number; table?: string; link?: string; opponent?: string }
export interface PairedMsg { v: number; type: "paired"; pool: PoolSpec; table: string; link: string; opponent: string }

// Seeks: a custom game offered in the lobby (the body of POST
// /api/seeks), as GET /api/seeks lists it, and the push that the list has
// changed.
export interface SeekSpec { rules: string; clock: number; rated: boolean; min?: number; max?: number }
export interface Seek { id: string; by: string; rating: number; rules: string; clock: number; rated: boolean; min?: number; max?: number; mine?: boolean }
export interface SeeksMsg { v: number; type: "seeks" }

// Friends (docs/accounts.md): a player followed, as GET /api/friends
// lists him (table: the one he plays at), and the push when he comes
// online.
export interface Friend { name: string; online: boolean; table?: string }
export interface FriendMsg { v: number; type: "friend"; name: string; online: boolean }
