package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"strings"

	"github.com/coder/websocket"
)

// wsPlayer is a browser-like client of carrom serve: its own cookie (so
// its own identity) and one WebSocket to a table.
type wsPlayer struct {
	base string
	http *http.Client
	conn *websocket.Conn
}

func newWSPlayer(base string) (*wsPlayer, error) {
	jar, err := cookiejar.New(nil)
	if err != nil {
		return nil, err
	}
	p := &wsPlayer{base: strings.TrimSuffix(base, "/"), http: &http.Client{Jar: jar}}
	resp, err := p.http.Get(p.base + "/healthz")
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return p, nil
}

// createTable creates a table and returns its ID.
func (p *wsPlayer) createTable(ctx context.Context, cfg string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, "POST", p.base+"/api/tables", strings.NewReader(cfg))
	if err != nil {
		return "", err
	}
	resp, err := p.http.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated {
		return "", fmt.Errorf("create table: %s: %s", resp.Status, body)
	}
	var out struct{ ID string }
	if err := json.Unmarshal(body, &out); err != nil {
		return "", err
	}
	return out.ID, nil
}

func (p *wsPlayer) connect(ctx context.Context, table string, since int64) error {
	url := "ws" + strings.TrimPrefix(p.base, "http") + fmt.Sprintf("/ws/%s?since=%d", table, since)
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: p.http})
	if err != nil {
		return err
	}
	conn.SetReadLimit(1 << 24)
	p.conn = conn
	return nil
}

func (p *wsPlayer) send(ctx context.Context, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return p.conn.Write(ctx, websocket.MessageText, data)
}

// serverMsg is what a player reads of the server's messages.
type serverMsg struct {
	Type  string     `json:"type"`
	Seq   int64      `json:"seq"`
	Seats []int      `json:"seats"`
	Error string     `json:"error"`
	State *tableView `json:"state"`
	Raw   []byte     `json:"-"`
}

type tableView struct {
	Started bool            `json:"started"`
	Over    bool            `json:"over"`
	Pieces  json.RawMessage `json:"pieces"`
	ToAct   struct {
		Seat          int          `json:"seat"`
		Need          string       `json:"need"`
		StrikerRanges [][2]float64 `json:"striker_ranges"`
		PlaceHint     *[2]float64  `json:"place_hint"`
	} `json:"to_act"`
}

func (p *wsPlayer) read(ctx context.Context) (serverMsg, error) {
	_, data, err := p.conn.Read(ctx)
	if err != nil {
		return serverMsg{}, err
	}
	var m serverMsg
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&m); err != nil {
		return m, err
	}
	m.Raw = data
	return m, nil
}

// move is a simple player's message for the table: the suggested placing,
// or a shot from a random legal spot at a random angle and power.
func move(v *tableView, rng *rand.Rand) map[string]any {
	if v.ToAct.Need == "place" {
		if v.ToAct.PlaceHint == nil {
			return map[string]any{"v": 1, "type": "forgo"}
		}
		return map[string]any{"v": 1, "type": "place", "x": v.ToAct.PlaceHint[0], "y": v.ToAct.PlaceHint[1]}
	}
	r := v.ToAct.StrikerRanges[rng.IntN(len(v.ToAct.StrikerRanges))]
	return map[string]any{"v": 1, "type": "strike", "x": r[0] + rng.Float64()*(r[1]-r[0]), "angle": 45 + 90*rng.Float64(), "power": 0.2 + 0.7*rng.Float64()}
}
