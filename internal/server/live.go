package server

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/challenge"
	"github.com/carrom-game/carrom/internal/friends"
	"github.com/carrom-game/carrom/internal/pairing"
	"github.com/carrom-game/carrom/internal/protocol"
)

// The live channel (GET /live, docs/protocol.md) is one WebSocket per page
// for everything that is not a table: a challenge received or answered, a
// rematch offered. It is addressed to the browser's identity and, signed
// in, to its account; in a cluster a push goes over the bus to whichever
// node holds the browser's connection.
const (
	// LiveConnsPerIdentity bounds one identity's open live channels (its
	// pages open at once); they count towards the address's WebSocket
	// connections (Config.ConnsPerAddress) too.
	LiveConnsPerIdentity = 16
	// liveReadLimit bounds a message from the browser, which has nothing
	// to say on the channel: a bigger one ends the connection.
	liveReadLimit = 512
	// liveBuf is how many pushes wait for a slow browser before it is
	// dropped; its page reconnects and reads the lists again.
	liveBuf = 16
	// livePing is how often an idle channel is pinged, so that a dead
	// connection frees its place.
	livePing = 45 * time.Second
)

// liveMsg is a push on the live channel: "hello" once the channel is in
// force, "challenge" when one to or from the account is made or answered,
// "rematch" when a player of a finished match offers the browser a
// rematch.
type liveMsg struct {
	V         int             `json:"v"`
	Type      string          `json:"type"`
	Challenge *challenge.View `json:"challenge,omitempty"`
	Table     string          `json:"table,omitempty"`
	Rematch   string          `json:"rematch,omitempty"`
	Link      string          `json:"link,omitempty"`
	By        string          `json:"by,omitempty"`
	// Tournament calls a player to a tournament's online table.
	Tournament *protocol.TournamentCall `json:"tournament,omitempty"`
}

// liveConn is one browser page's live channel at this node.
type liveConn struct {
	keys []string
	send chan []byte
	gone chan struct{}
	once sync.Once
}

func (c *liveConn) drop() { c.once.Do(func() { close(c.gone) }) }

// liveHub holds this node's live channels by key (an identity's or an
// account's), with what they need of the server. subMu makes the bus
// subscriptions of the keys one at a time, outside mu, which the
// deliveries take.
type liveHub struct {
	ctx   context.Context // the server's: ends the channels
	bus   Bus             // the cluster's; nil on a single node
	log   *slog.Logger
	front *front
	conns *connLimits
	// pairing is told of a browser whose pages have all left, and friends
	// of an account that comes and goes; friends is nil without accounts.
	pairing *pairing.Service
	friends *friends.Service

	subMu sync.Mutex
	subs  map[string]func() error
	mu    sync.Mutex
	chans map[string]map[*liveConn]struct{}
	byID  map[string]int // open channels by identity token
}

// lobbyKey is every live channel's: the seeks listed have changed.
const lobbyKey = "lobby"

func identityKey(token string) string { return "id." + hashSession(token) }
func accountKey(id string) string     { return "acct." + id }
func liveSubject(key string) string   { return "carrom.live." + key }

// serve opens a browser page's live channel.
func (h *liveHub) serve(w http.ResponseWriter, r *http.Request) {
	release, ok := h.conns.admitAddr(w, r)
	if !ok {
		return
	}
	defer release()
	tok := token(r)
	leave, err := h.admit(tok)
	if err != nil {
		apiError(w, err)
		return
	}
	defer leave()
	conn, err := websocket.Accept(w, r, h.front.wsOptions())
	if err != nil {
		return
	}
	conn.SetReadLimit(liveReadLimit)
	c := &liveConn{keys: []string{identityKey(tok), lobbyKey}, send: make(chan []byte, liveBuf), gone: make(chan struct{})}
	if v, err := account.Of(r); err == nil {
		c.keys = append(c.keys, accountKey(v.Account.ID))
	}
	if key, ok := tournamentKey(r.URL.Query().Get("tournament")); ok {
		c.keys = append(c.keys, key)
	}
	h.join(c)
	defer h.leave(c)
	if v, err := account.Of(r); err == nil && h.friends != nil {
		h.friends.Came(r.Context(), v.Account.ID, v.Account.Name)
		defer h.friends.Left(v.Account.ID)
	}
	c.send <- protocol.Encode(liveMsg{V: protocol.Version, Type: "hello"})
	ctx, cancel := context.WithCancel(h.ctx)
	defer cancel()
	// The browser sends nothing; reading serves the close handshake and
	// ends the channel when the connection ends.
	go func() {
		defer cancel()
		for {
			if _, _, err := conn.Read(ctx); err != nil {
				return
			}
		}
	}()
	c.writeLoop(ctx, conn)
}

// admit counts one more live channel of the browser of tok, within
// LiveConnsPerIdentity; leave uncounts it.
func (h *liveHub) admit(tok string) (leave func(), err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.byID[tok] >= LiveConnsPerIdentity {
		return nil, fmt.Errorf("server: %d live channels for one player at most: close a page: %w", LiveConnsPerIdentity, ErrTooMany)
	}
	if h.byID == nil {
		h.byID = map[string]int{}
	}
	h.byID[tok]++
	return func() {
		h.mu.Lock()
		if h.byID[tok]--; h.byID[tok] <= 0 {
			delete(h.byID, tok)
		}
		h.mu.Unlock()
	}, nil
}

// writeLoop writes the channel's pushes and pings until the connection
// ends, the server closes, or the channel is dropped as too slow.
func (c *liveConn) writeLoop(ctx context.Context, conn *websocket.Conn) {
	ping := time.NewTicker(livePing)
	defer ping.Stop()
	for {
		select {
		case msg := <-c.send:
			if err := write(ctx, conn, msg); err != nil {
				return
			}
		case <-ping.C:
			pctx, pcancel := context.WithTimeout(ctx, 10*time.Second)
			err := conn.Ping(pctx)
			pcancel()
			if err != nil {
				return
			}
		case <-c.gone:
			conn.Close(websocket.StatusPolicyViolation, "too slow")
			return
		case <-ctx.Done():
			conn.Close(websocket.StatusGoingAway, "")
			return
		}
	}
}

// write writes one message, within writeTimeout: a browser that does not take it
// in that time is gone.
func write(ctx context.Context, conn *websocket.Conn, msg []byte) error {
	wctx, cancel := context.WithTimeout(ctx, writeTimeout)
	defer cancel()
	return conn.Write(wctx, websocket.MessageText, msg)
}

// join registers a channel under its keys, each key's bus subject
// subscribed to at the first channel of the key here.
func (h *liveHub) join(c *liveConn) {
	h.subMu.Lock()
	defer h.subMu.Unlock()
	if h.bus != nil {
		for _, k := range c.keys {
			if h.subs[k] != nil {
				continue
			}
			key := k
			unsub, err := h.bus.Subscribe(liveSubject(key), func(m carrom.BusMsg) { h.deliver(key, m.Data) })
			if err != nil {
				h.log.Warn("listening to a live channel's pushes", "err", err)
				continue
			}
			if h.subs == nil {
				h.subs = map[string]func() error{}
			}
			h.subs[key] = unsub
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.chans == nil {
		h.chans = map[string]map[*liveConn]struct{}{}
	}
	for _, k := range c.keys {
		if h.chans[k] == nil {
			h.chans[k] = map[*liveConn]struct{}{}
		}
		h.chans[k][c] = struct{}{}
	}
}

// leave forgets a channel, and the bus subjects of its keys that no
// channel here has left.
func (h *liveHub) leave(c *liveConn) {
	h.subMu.Lock()
	defer h.subMu.Unlock()
	var empty []string
	h.mu.Lock()
	for _, k := range c.keys {
		delete(h.chans[k], c)
		if len(h.chans[k]) == 0 {
			delete(h.chans, k)
			empty = append(empty, k)
		}
	}
	h.mu.Unlock()
	for _, k := range empty {
		if strings.HasPrefix(k, "id.") {
			// The browser has left its pages here: it seeks no more.
			h.pairing.Gone(k)
		}
		if unsub := h.subs[k]; unsub != nil {
			if err := unsub(); err != nil {
				h.log.Warn("unsubscribing a live channel", "err", err)
			}
			delete(h.subs, k)
		}
	}
}

// deliver hands a push to this node's channels of key; a channel with
// liveBuf pushes waiting is dropped.
func (h *liveHub) deliver(key string, data []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.chans[key] {
		select {
		case c.send <- data:
		default:
			c.drop()
		}
	}
}

// push sends msg to the live channels of key, at every node.
func (h *liveHub) push(key string, msg liveMsg) {
	msg.V = protocol.Version
	h.pushData(key, protocol.Encode(msg))
}

// pushData sends an encoded push to the live channels of key, at every
// node.
func (h *liveHub) pushData(key string, data []byte) {
	if h.bus != nil {
		err := h.bus.Publish(liveSubject(key), carrom.BusMsg{Data: data})
		if err == nil {
			return
		}
		h.log.Warn("pushing on the live channels", "err", err)
	}
	h.deliver(key, data)
}

// pushRematch tells the browsers whose seats the rematch next of table id
// keeps (every player but its asker, tok) that it is offered, with the
// link of their seats.
func (h *liveHub) pushRematch(id, next, tok string, seats []carrom.SeatRecord) {
	by := ""
	links := map[string]string{}
	var order []string
	for _, st := range seats {
		if st.Token == tok {
			by = st.Nickname
			continue
		}
		if _, ok := links[st.Token]; !ok {
			order = append(order, st.Token)
			links[st.Token] = fmt.Sprintf("/t/%s?seat=%d", next, st.Seat)
		} else {
			links[st.Token] += fmt.Sprintf("&seat=%d", st.Seat)
		}
	}
	for _, t := range order {
		if t == carrom.DeletedToken || t == "" {
			continue
		}
		h.push(identityKey(t), liveMsg{Type: "rematch", Table: id, Rematch: next, Link: links[t], By: by})
	}
}
