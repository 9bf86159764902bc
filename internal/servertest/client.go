package servertest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"

	"time"

	"github.com/coder/websocket"

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
		return resp.StatusCode, fmt.Errorf("servertest: GET %s: %w", path, err)
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
		return "", fmt.Errorf("servertest: create table: %s: %s", resp.Status, bytes.TrimSpace(body))
	}
	var out struct{ ID string }
	if err := json.Unmarshal(body, &out); err != nil {
		return "", fmt.Errorf("servertest: create table: %w", err)
	}
	return out.ID, nil
}

// Conn is one WebSocket to a table.
type Conn struct {
	ws  *websocket.Conn
	buf bytes.Buffer // ReadRaw's, reused from message to message
}

// Connect opens a WebSocket to the table; since is the sequence number of
// the last event the client saw.
func (c *Client) Connect(ctx context.Context, table string, since int64) (*Conn, error) {
	return c.dial(ctx, c.Base, table, since)
}

func (c *Client) dial(ctx context.Context, base, table string, since int64) (*Conn, error) {
	url := "ws" + strings.TrimPrefix(base, "http") + fmt.Sprintf("/ws/%s?since=%d", table, since)
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: c.http})
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 24)
	return &Conn{ws: ws}, nil
}

// Redial connects to the table again, as a browser whose connection was
// closed does, with since, the last seq the client saw: it tries bases
// (the nodes of a cluster) in turn every 100 ms until one answers, and
// returns the connection and the base that answered, or ctx's error. The
// seats are the client's cookies', which every node on this machine is
// sent.
func (c *Client) Redial(ctx context.Context, bases []string, table string, since int64) (*Conn, string, error) {
	for {
		for _, base := range bases {
			if conn, err := c.dial(ctx, base, table, since); err == nil {
				return conn, base, nil
			}
			if ctx.Err() != nil {
				return nil, "", ctx.Err()
			}
		}
		select {
		case <-time.After(100 * time.Millisecond):
		case <-ctx.Done():
			return nil, "", ctx.Err()
		}
	}
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
		return m, fmt.Errorf("servertest: message %q: %w", data, err)
	}
	m.Raw = data
	return m, nil
}

// ReadRaw returns the next message as it came, in a buffer the next
// ReadRaw reuses: for a reader that picks a few fields out of each message
// without decoding the rest (the load test's players).
func (c *Conn) ReadRaw(ctx context.Context) ([]byte, error) {
	_, rd, err := c.ws.Reader(ctx)
	if err != nil {
		return nil, err
	}
	c.buf.Reset()
	if _, err := c.buf.ReadFrom(rd); err != nil {
		return nil, err
	}
	return c.buf.Bytes(), nil
}

// Message is any message from the server, as a client reads it: Type
// says which fields it has (package protocol declares each message;
// TestMessageReadsEveryMessage checks that this holds every field of each).
type Message struct {
	V    int    `json:"v"`
	Type string `json:"type"` // protocol.TypeWelcome, TypeState, …
	Seq  int64  `json:"seq"`
	// Welcome, and rematch: the table.
	Table    string `json:"table"`
	Seats    []int  `json:"seats"`
	Nickname string `json:"nickname"`
	// Seats: who sits where and is connected, and how many watch.
	Seating    []protocol.SeatState `json:"seating"`
	Spectators int                  `json:"spectators"`
	// Error: the refusal's words and, for one a player meets, its code.
	Error  string         `json:"error"`
	Code   string         `json:"code"`
	Params map[string]any `json:"params"`
	// State and event.
	State *protocol.GameState `json:"state"`
	// Event.
	Action  *record.Action    `json:"action"`
	Outcome *protocol.Outcome `json:"outcome"`
	// Rematch: the new table.
	Rematch string `json:"rematch"`
	// Aim: the seat to strike and its aim.
	Seat  int        `json:"seat"`
	X     float64    `json:"x"`
	Dir   [2]float64 `json:"dir"`
	Power float64    `json:"power"`
	// Raw is the message as it was read.
	Raw []byte `json:"-"`
}
