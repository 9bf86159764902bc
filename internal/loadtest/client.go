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

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/record"
)

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

// Humans is the configuration of an ICF table of n human seats, no clock.
func Humans(n int, seed uint64) protocol.TableConfig {
	cfg := protocol.TableConfig{Rules: "icf", Players: n, Seed: seed}
	for range n {
		cfg.Seats = append(cfg.Seats, protocol.SeatConfig{Kind: "human"})
	}
	return cfg
}

// CreateTableAt creates a table at the server at base, as a new browser
// would, and returns its ID.
func CreateTableAt(ctx context.Context, base string, cfg protocol.TableConfig) (string, error) {
	c, err := NewClient(ctx, base)
	if err != nil {
		return "", err
	}
	return c.CreateTable(ctx, cfg)
}

// CreateTable creates a table and returns its ID.
func (c *Client) CreateTable(ctx context.Context, cfg protocol.TableConfig) (string, error) {
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

// Send sends a message; it sets its version.
func (c *Conn) Send(ctx context.Context, in protocol.ClientMsg) error {
	in.V = protocol.Version
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
	out.State = &protocol.GameState{Started: state[0].Bool(), Over: state[1].Bool()}
	if err := json.Unmarshal([]byte(state[2].Raw), &out.State.ToAct); err != nil {
		return Message{}, fmt.Errorf("loadtest: %s message %.200q: to_act: %w", out.Type, data, err)
	}
	return out, nil
}

// Message is any message from the server, as a client reads it: Type
// says which fields it has (package protocol declares each message).
type Message struct {
	V    int    `json:"v"`
	Type string `json:"type"` // welcome, state, event, seats, error, pong
	Seq  int64  `json:"seq"`
	// Welcome.
	Table    string `json:"table"`
	Seats    []int  `json:"seats"`
	Nickname string `json:"nickname"`
	// Seats: who sits where and is connected, and how many watch.
	Seating    []protocol.SeatState `json:"seating"`
	Spectators int                  `json:"spectators"`
	// Error.
	Error string `json:"error"`
	// State and event.
	State *protocol.GameState `json:"state"`
	// Event.
	Action  *record.Action    `json:"action"`
	Outcome *protocol.Outcome `json:"outcome"`
	// Raw is the message as it was read.
	Raw []byte `json:"-"`
}
