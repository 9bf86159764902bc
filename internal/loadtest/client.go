package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"

	"github.com/coder/websocket"
	"github.com/tidwall/gjson"

	"github.com/carrom-game/carrom/record"
)

// ProtocolVersion is the version of the WebSocket messages this client
// speaks (docs/protocol.md).
const ProtocolVersion = 1

// Client is a browser-like client of carrom serve: its own cookie jar, so
// its own identity, which holds its seats across connections and restarts.
type Client struct {
	// Base is the server's URL, "http://host:port"; a test may point it at
	// a restarted server, where the same cookies hold the same seats.
	Base string
	http *http.Client
}

// NewClient makes a client of the server at base and, as a browser opening
// the lobby, gets its identity cookie.
func NewClient(ctx context.Context, base string) (*Client, error) {
	jar, err := cookiejar.New(nil)
	if err != nil {
		return nil, err
	}
	c := &Client{Base: strings.TrimSuffix(base, "/"), http: &http.Client{Jar: jar}}
	resp, err := c.Do(ctx, "GET", "/", "")
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return c, nil
}

// HTTP is the client's HTTP client, its cookies included, for requests the
// methods here do not make.
func (c *Client) HTTP() *http.Client { return c.http }

// Do sends an HTTP request with the client's cookies; body, if not empty,
// is sent as JSON.
func (c *Client) Do(ctx context.Context, method, path, body string) (*http.Response, error) {
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.Base+path, r)
	if err != nil {
		return nil, err
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	return c.http.Do(req)
}

// GetJSON fetches path and decodes its JSON answer into out; it returns
// the status code, and an error only when the request fails or a 2xx
// answer does not decode.
func (c *Client) GetJSON(ctx context.Context, path string, out any) (int, error) {
	resp, err := c.Do(ctx, "GET", path, "")
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, err
	}
	if resp.StatusCode/100 != 2 {
		return resp.StatusCode, nil
	}
	if err := json.Unmarshal(body, out); err != nil {
		return resp.StatusCode, fmt.Errorf("loadtest: GET %s: %w", path, err)
	}
	return resp.StatusCode, nil
}

// TableConfig is the body of POST /api/tables.
type TableConfig struct {
	Rules   string       `json:"rules"`
	Players int          `json:"players"`
	Clock   int          `json:"clock"`
	Seats   []SeatConfig `json:"seats"`
	Seed    uint64       `json:"seed,omitempty"`
}

// SeatConfig says who plays a seat: "human", or "computer" with a level.
type SeatConfig struct {
	Kind  string `json:"kind"`
	Level string `json:"level,omitempty"`
}

// Humans is the configuration of an ICF table of n human seats, no clock.
func Humans(n int, seed uint64) TableConfig {
	cfg := TableConfig{Rules: "icf", Players: n, Seed: seed}
	for range n {
		cfg.Seats = append(cfg.Seats, SeatConfig{Kind: "human"})
	}
	return cfg
}

// CreateTableAt creates a table at the server at base, as a new browser
// would, and returns its ID.
func CreateTableAt(ctx context.Context, base string, cfg TableConfig) (string, error) {
	c, err := NewClient(ctx, base)
	if err != nil {
		return "", err
	}
	return c.CreateTable(ctx, cfg)
}

// CreateTable creates a table and returns its ID.
func (c *Client) CreateTable(ctx context.Context, cfg TableConfig) (string, error) {
	data, err := json.Marshal(cfg)
	if err != nil {
		return "", err
	}
	resp, err := c.Do(ctx, "POST", "/api/tables", string(data))
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated {
		return "", fmt.Errorf("loadtest: create table: %s: %s", resp.Status, bytes.TrimSpace(body))
	}
	var out struct{ ID string }
	if err := json.Unmarshal(body, &out); err != nil {
		return "", fmt.Errorf("loadtest: create table: %w", err)
	}
	return out.ID, nil
}

// Conn is one WebSocket to a table.
type Conn struct {
	ws  *websocket.Conn
	buf bytes.Buffer // ReadTurn's, reused from message to message
}

// Connect opens a WebSocket to the table; since is the sequence number of
// the last event the client saw.
func (c *Client) Connect(ctx context.Context, table string, since int64) (*Conn, error) {
	url := "ws" + strings.TrimPrefix(c.Base, "http") + fmt.Sprintf("/ws/%s?since=%d", table, since)
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: c.http})
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 24)
	return &Conn{ws: ws}, nil
}

// Close closes the connection at once.
func (c *Conn) Close() { c.ws.CloseNow() }

// Send sends an intent.
func (c *Conn) Send(ctx context.Context, in Intent) error {
	in.V = ProtocolVersion
	data, err := json.Marshal(in)
	if err != nil {
		return err
	}
	return c.SendRaw(ctx, data)
}

// SendRaw sends data as one text message as it is, for tests of what the
// server does with a malformed one.
func (c *Conn) SendRaw(ctx context.Context, data []byte) error {
	return c.ws.Write(ctx, websocket.MessageText, data)
}

// Read returns the next message from the server.
func (c *Conn) Read(ctx context.Context) (Message, error) {
	_, data, err := c.ws.Read(ctx)
	if err != nil {
		return Message{}, err
	}
	var m Message
	if err := json.Unmarshal(data, &m); err != nil {
		return m, fmt.Errorf("loadtest: message %q: %w", data, err)
	}
	m.Raw = data
	return m, nil
}

// ReadTurn reads the next message as a load test's player reads it: its
// type, its seq and whose turn it is, with the rest of the state and the
// outcome (the pieces, the trajectory, which a browser draws) skipped
// unparsed. The players of a load test run beside the server, and
// parsing every field of every event cost them more CPU than the server
// spent on the game; even skipping them with encoding/json, which checks
// the whole message before it decodes any of it and then scans it again,
// cost about half of their CPU. gjson finds the fields with one
// scan that does not decode what it passes.
func (c *Conn) ReadTurn(ctx context.Context) (Message, error) {
	_, rd, err := c.ws.Reader(ctx)
	if err != nil {
		return Message{}, err
	}
	c.buf.Reset()
	if _, err := c.buf.ReadFrom(rd); err != nil {
		return Message{}, err
	}
	return decodeTurn(c.buf.Bytes())
}

// decodeTurn is ReadTurn's reading of one message.
func decodeTurn(data []byte) (Message, error) {
	typ := gjson.GetBytes(data, "type")
	if typ.Type != gjson.String {
		return Message{}, fmt.Errorf("loadtest: message %.200q: no type", data)
	}
	out := Message{Type: typ.Str}
	if out.Type != "event" && out.Type != "state" {
		return out, nil
	}
	f := gjson.GetManyBytes(data, "seq", "state")
	if f[0].Type != gjson.Number || !f[1].IsObject() {
		return Message{}, fmt.Errorf("loadtest: %s message %.200q: no seq or state", out.Type, data)
	}
	out.Seq = f[0].Int()
	state := gjson.GetMany(f[1].Raw, "started", "over", "to_act")
	out.State = &State{Started: state[0].Bool(), Over: state[1].Bool()}
	if err := json.Unmarshal([]byte(state[2].Raw), &out.State.ToAct); err != nil {
		return Message{}, fmt.Errorf("loadtest: %s message %.200q: to_act: %w", out.Type, data, err)
	}
	return out, nil
}

// Intent is a client message. V is set by Send; the constructors below
// fill the rest.
type Intent struct {
	V        int    `json:"v"`
	Type     string `json:"type"`
	Seat     *int   `json:"seat,omitempty"`
	Nickname string `json:"nickname,omitempty"`
	// CSRF is a signed-in player's session token, which his "sit" carries.
	CSRF  string      `json:"csrf,omitempty"`
	X     *float64    `json:"x,omitempty"`
	Y     *float64    `json:"y,omitempty"`
	Angle *float64    `json:"angle,omitempty"`
	Dir   *[2]float64 `json:"dir,omitempty"`
	Speed *float64    `json:"speed,omitempty"`
	Power *float64    `json:"power,omitempty"`
	What  string      `json:"what,omitempty"`
	// A purchase of a pocket (RULES V-3).
	Pocket *int  `json:"pocket,omitempty"`
	White  *int  `json:"white,omitempty"`
	Black  *int  `json:"black,omitempty"`
	Queen  *bool `json:"queen,omitempty"`
}

// Sit takes a free human seat; nickname may be empty.
func Sit(seat int, nickname string) Intent {
	return Intent{Type: "sit", Seat: &seat, Nickname: nickname}
}

// Strike places the striker x metres along the base line and shoots at
// angle degrees (90 is straight ahead) with power from 0 to 1.
func Strike(x, angle, power float64) Intent {
	return Intent{Type: "strike", X: &x, Angle: &angle, Power: &power}
}

// StrikeDir shoots along dir, in the shooter's frame, at speed m/s.
func StrikeDir(x float64, dir [2]float64, speed float64) Intent {
	return Intent{Type: "strike", X: &x, Dir: &dir, Speed: &speed}
}

// Place places the due or penalty c/m the seat holds.
func Place(x, y float64) Intent { return Intent{Type: "place", X: &x, Y: &y} }

// Forgo gives up the placing.
func Forgo() Intent { return Intent{Type: "forgo"} }

// Concede concedes the board, the game or the match.
func Concede(what string) Intent { return Intent{Type: "concede", What: what} }

// Buy buys a pocket, paying with those c/m (buying the pockets, RULES V-3).
func Buy(pocket, white, black int, queen bool) Intent {
	return Intent{Type: "buy", Pocket: &pocket, White: &white, Black: &black, Queen: &queen}
}

// Ping asks for a pong.
func Ping() Intent { return Intent{Type: "ping"} }

// Message is any message from the server; Type says which fields it has.
type Message struct {
	V    int    `json:"v"`
	Type string `json:"type"` // welcome, state, event, seats, error, pong
	Seq  int64  `json:"seq"`
	// Welcome.
	Table    string `json:"table"`
	Seats    []int  `json:"seats"`
	Nickname string `json:"nickname"`
	// Seats: who sits where and is connected, and how many watch.
	Seating    []Seat `json:"seating"`
	Spectators int    `json:"spectators"`
	// Error.
	Error string `json:"error"`
	// State and event.
	State *State `json:"state"`
	// Event.
	Action  *record.Action `json:"action"`
	Outcome *Outcome       `json:"outcome"`
	// Raw is the message as it was read.
	Raw []byte `json:"-"`
}

// State is the whole table, as a state or event message carries it.
type State struct {
	Table   string       `json:"table"`
	Config  TableConfig  `json:"config"`
	Started bool         `json:"started"`
	Over    bool         `json:"over"`
	Seats   []Seat       `json:"seats"`
	Pieces  []Piece      `json:"pieces"`
	Held    [2]int       `json:"held"`
	ToAct   ToAct        `json:"to_act"`
	Match   record.Match `json:"match"`
	// Variant is the board of a variant without colours, if the table
	// plays one.
	Variant *Variant `json:"variant"`
	// Unrated says why a rated table's match is not rated.
	Unrated string `json:"unrated"`
}

// Variant is a variant's board (record.Variant) with what a purchase
// needs: the pieces' worth, the prices and what each player banked.
type Variant struct {
	record.Variant
	Worth  record.Values `json:"worth"`
	Prices *struct {
		Free  int `json:"free"`
		Owned int `json:"owned"`
	} `json:"prices"`
	Banked []record.Counts `json:"banked"`
}

// Seat is one seat of a table.
type Seat struct {
	Seat      int    `json:"seat"`
	Kind      string `json:"kind"`
	Level     string `json:"level"`
	Nickname  string `json:"nickname"`
	Taken     bool   `json:"taken"`
	Connected bool   `json:"connected"`
	Position  int    `json:"position"`
	Side      int    `json:"side"`
}

// Piece is a c/m on the board, in record's JSON form.
type Piece = record.Piece

// ToAct says who is to act and how.
type ToAct struct {
	Seat          int          `json:"seat"`
	Need          string       `json:"need"` // strike, place, toss, nothing
	Colour        string       `json:"colour"`
	Position      int          `json:"position"`
	StrikerRanges [][2]float64 `json:"striker_ranges"`
	PlaceHint     *[2]float64  `json:"place_hint"`
	Deadline      int64        `json:"deadline"` // Unix ms; 0: no clock
}

// Outcome is what an event's action did.
type Outcome struct {
	Stroke     *Stroke            `json:"stroke"`
	Trajectory *record.Trajectory `json:"trajectory"`
	Respotted  []Piece            `json:"respotted"`
	Void       bool               `json:"void"`
}

// Stroke is the referee's reading of a stroke, in record's JSON form.
type Stroke = record.Stroke
