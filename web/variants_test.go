package web_test

// The variants without colours in the browser (RULES §14): a three-player
// hot-seat game from the lobby, and a game of buying the pockets with a
// purchase made through the page; what the page shows is read back and
// compared with the server's state.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/coder/websocket"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

// serverVariant is the variant's board the server holds for table id, and
// its sequence number.
type serverVariant struct {
	Seq   int64
	Score []int
	Held  []record.Counts
	Owner []*int
	Turn  int
}

func variantOnServer(t *testing.T, base, id string) serverVariant {
	t.Helper()
	var api struct {
		State struct {
			Seq   int64 `json:"seq"`
			State struct {
				Variant *struct {
					Turn  int             `json:"turn"`
					Score []int           `json:"score"`
					Held  []record.Counts `json:"held"`
					Board struct {
						Owner []*int `json:"owner"`
					} `json:"board"`
				} `json:"variant"`
			} `json:"state"`
		} `json:"state"`
	}
	getJSON(t, base+"/api/tables/"+id, &api)
	v := api.State.State.Variant
	if v == nil {
		t.Fatalf("table %s: the server's state has no variant", id)
	}
	return serverVariant{Seq: api.State.Seq, Score: v.Score, Held: v.Held, Owner: v.Board.Owner, Turn: v.Turn}
}

// pageHoldings reads the holdings table the page shows: each player's
// points, white, black and queen, in seat order.
func (e *env) pageHoldings(ctx context.Context) (points []int, held []record.Counts) {
	e.t.Helper()
	var rows [][]string
	e.run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("#holdings tr[data-seat]")].map(r => [r.dataset.points, r.dataset.white, r.dataset.black, r.dataset.queen])`, &rows))
	for _, r := range rows {
		var p, w, b int
		fmt.Sscan(r[0], &p)
		fmt.Sscan(r[1], &w)
		fmt.Sscan(r[2], &b)
		points = append(points, p)
		held = append(held, record.Counts{White: w, Black: b, Queen: r[3] == "true"})
	}
	return points, held
}

// samePage waits until the page shows the server's last action, then
// compares the holdings and points it shows with the server's.
func (e *env) samePage(ctx context.Context, id string) serverVariant {
	e.t.Helper()
	sv := variantOnServer(e.t, e.base, id)
	e.waitFor(ctx, "the page at the server's action", fmt.Sprintf(`+document.getElementById("board").dataset.seq >= %d && !document.getElementById("board").dataset.busy`, sv.Seq), 30*time.Second)
	points, held := e.pageHoldings(ctx)
	if !slices.Equal(points, sv.Score) || !slices.Equal(held, sv.Held) {
		e.t.Fatalf("the page shows points %v and holdings %v; the server %v and %v", points, held, sv.Score, sv.Held)
	}
	return sv
}

// RULES V-2 in the browser: the lobby offers every rule set with its
// player counts; a three-player hot-seat game of "three" is played by
// dragging, the board turned to each player's base line (0, 1, 2) in
// turn, and after every stroke the holdings and points on the page are
// the server's, with the ruling in words.
func TestThreePlayerHotSeat(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	e.run(ctx, chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#play-hotseat", chromedp.ByID))
	counts := map[string]string{}
	for _, r := range []string{"icf", "family", "point", "three", "pockets"} {
		var got string
		e.run(ctx, chromedp.SetValue("#hot-rules", r, chromedp.ByID),
			chromedp.Evaluate(`document.getElementById("hot-rules").dispatchEvent(new Event("change")), [...document.getElementById("hot-players").options].map(o => o.value).join(",")`, &got))
		counts[r] = got
	}
	want := map[string]string{"icf": "2,4", "family": "2,4", "point": "2,3,4", "three": "3", "pockets": "2,3,4"}
	for r, w := range want {
		if counts[r] != w {
			t.Errorf("the lobby offers %s with %q players; want %q", r, counts[r], w)
		}
	}
	for _, sel := range []string{"computer-rules", "online-rules"} {
		var opts string
		e.run(ctx, chromedp.Evaluate(fmt.Sprintf(`[...document.getElementById(%q).options].map(o => o.value).join(",")`, sel), &opts))
		if opts != "icf,family,point,three,pockets" {
			t.Errorf("#%s offers %q; want every rule set", sel, opts)
		}
	}
	e.run(ctx, chromedp.SetValue("#hot-rules", "three", chromedp.ByID),
		chromedp.Evaluate(`document.getElementById("hot-rules").dispatchEvent(new Event("change"))`, nil),
		chromedp.Click("#play-hotseat", chromedp.ByID), chromedp.WaitVisible("#board", chromedp.ByID))
	e.waitFor(ctx, "three seats held", `document.querySelectorAll(".seats div").length === 3 && [...document.querySelectorAll(".seats div")].every(d => d.textContent.includes("(you)"))`, 10*time.Second)
	var url string
	e.run(ctx, chromedp.Location(&url))
	id := url[strings.LastIndex(url, "/")+1:]
	id, _, _ = strings.Cut(id, "?")
	rng := rand.New(rand.NewPCG(16, 2))
	views := map[string]bool{}
	for i := 0; i < 40 && len(views) < 3; i++ {
		e.waitFor(ctx, "a stroke to play", myStroke+` || `+myPlacing+` || !!document.getElementById("match-over")`, 30*time.Second)
		var over, placing bool
		e.run(ctx, chromedp.Evaluate(`!!document.getElementById("match-over")`, &over),
			chromedp.Evaluate(myPlacing, &placing))
		if over {
			break
		}
		sv := e.samePage(ctx, id)
		if placing {
			before := e.seq(ctx)
			e.playMine(ctx, rng, true)
			e.waitFor(ctx, "the placing", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, before), 20*time.Second)
			continue
		}
		var view, toAct string
		e.run(ctx, chromedp.Evaluate(`document.getElementById("board").dataset.view`, &view),
			chromedp.Evaluate(`document.querySelector(".seats .toact")?.dataset.seat ?? ""`, &toAct))
		// Three players sit at bases 0, 1 and 2: seat k plays from base k.
		if toAct != fmt.Sprint(sv.Turn) || view != toAct {
			t.Fatalf("seat %d to act on the server, %s on the page, and the board shows base %s at the bottom", sv.Turn, toAct, view)
		}
		views[view] = true
		before := e.seq(ctx)
		e.playMine(ctx, rng, false)
		e.waitFor(ctx, "the stroke", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, before), 20*time.Second)
		e.waitFor(ctx, "the ruling in words", `/\b(turn passes to|turn continues|break|wins)\b/.test(document.getElementById("ruling").textContent)`, 10*time.Second)
	}
	if len(views) < 3 {
		t.Errorf("the board showed only bases %v at the bottom; want each of the three players'", views)
	}
	e.samePage(ctx, id)
	var goal string
	e.run(ctx, chromedp.Text("#goal", &goal, chromedp.ByID))
	if !strings.Contains(goal, "3 white and 3 black") {
		t.Errorf("the goal shown is %q", goal)
	}
	e.shot(ctx, "three-players")
	e.checkBoard(ctx, "three players")
}

// replayVariant rebuilds table id, a variant's, from its record.
func (e *env) replayVariant(id, name string, players int) game.Table {
	e.t.Helper()
	actions := e.storedActions(id)
	rs, err := rules.ByName(name)
	if err != nil {
		e.t.Fatal(err)
	}
	tb, err := game.Replay(game.Config{Rules: rs, Players: players, Physics: physics.Default()}, actions, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	return tb
}

// socket is a WebSocket to table id with the page's identity: the test
// strikes through it the strokes it simulated.
func (e *env) socket(ctx context.Context, id string) *websocket.Conn {
	e.t.Helper()
	var cookies []*network.Cookie
	e.run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		cookies, err = network.GetCookies().Do(ctx)
		return err
	}))
	header := http.Header{}
	for _, c := range cookies {
		header.Add("Cookie", c.Name+"="+c.Value)
	}
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(e.base, "http")+"/ws/"+id, &websocket.DialOptions{HTTPHeader: header})
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { ws.CloseNow() })
	go func() { // the test reads nothing from it, but the server must not find it stalled
		for {
			if _, _, err := ws.Read(context.Background()); err != nil {
				return
			}
		}
	}()
	return ws
}

// watch keeps a spectator at table id until the test ends: a table of
// computers only plays while someone watches it.
func (e *env) watch(id string) {
	e.t.Helper()
	ws, _, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(e.base, "http")+"/ws/"+id, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	ws.SetReadLimit(1 << 24)
	e.t.Cleanup(func() { ws.CloseNow() })
	go func() {
		for {
			if _, _, err := ws.Read(context.Background()); err != nil {
				return
			}
		}
	}()
}

// strike plays sh through ws and waits until the page has shown the stroke
// to its end.
func (e *env) strike(ctx context.Context, ws *websocket.Conn, sh physics.Shot) {
	e.t.Helper()
	msg, _ := json.Marshal(map[string]any{"v": 1, "type": "strike", "x": sh.X, "dir": []float64{sh.Dir.X, sh.Dir.Y}, "speed": sh.Speed})
	before := e.seq(ctx)
	if err := ws.Write(ctx, websocket.MessageText, msg); err != nil {
		e.t.Fatal(err)
	}
	e.waitFor(ctx, "the stroke", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d && !document.getElementById("board").dataset.busy`, before), 30*time.Second)
}

// pocketingStroke is the stroke that leaves the seat to act with the most
// points while keeping the turn, from a fan of shots simulated with
// package game, or a gentle one that passes the turn when keep is false
// or none pockets anything for him.
func pocketingStroke(tb game.Table, keep bool) physics.Shot {
	turn := tb.ToAct()
	sp := tb.Config().Physics.Spec
	me := turn.Seat
	r0 := tb.StrikerRanges()[0]
	best := physics.Shot{X: (r0.Lo + r0.Hi) / 2, Dir: board.Vec{Y: -1}, Speed: 0.3}
	if !keep {
		return best
	}
	bestPoints := tb.Match().Colourless.Points(me)
	for _, r := range tb.StrikerRanges() {
		for i := 1; i <= 3; i++ {
			x := r.Lo + (r.Hi-r.Lo)*float64(i)/4
			at := sp.StrikerAt(turn.Base, x)
			for _, p := range tb.Pieces() {
				for k := range board.Pockets {
					d := sp.PocketCentre(board.Pocket(k)).Sub(p.Pos).Unit()
					aim := p.Pos.Sub(d.Scale(sp.CoinRadius() + sp.StrikerRadius())).Sub(at)
					for _, speed := range []float64{1.5, 3} {
						sh := physics.Shot{X: x, Dir: board.Vec{X: aim.Dot(turn.Base.Right()), Y: aim.Dot(turn.Base.Forward())}, Speed: speed}
						next, out, err := tb.Apply(game.Action{Seat: me, Kind: game.Strike, Shot: sh})
						if err != nil || out.Ruling == nil || !out.Ruling.TurnKept {
							continue
						}
						if pts := next.Match().Colourless.Points(me); pts > bestPoints {
							best, bestPoints = sh, pts
						}
					}
				}
			}
		}
	}
	return best
}

// RULES V-3 in the browser: seat 0 of a two-player game of buying the
// pockets banks 25 points (strokes simulated by the test), then buys a
// pocket through the page: a payment under the price or over what he
// banked leaves Buy disabled with the reason; the pocket bought shows a
// ring of his colour, its owner on the page is the server's, and his own
// pocket is then offered disabled as his.
func TestBuyAPocketInTheBrowser(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	id := e.createTable(`{"rules":"pockets","players":2,"clock":0,"seats":[{"kind":"human"},{"kind":"human"}],"seed":4}`)
	e.run(ctx, chromedp.Navigate(e.base+"/t/"+id+"?seat=0&seat=1"))
	e.take(ctx, 0, 1)
	e.waitFor(ctx, "a stroke to play", myStroke, 20*time.Second)
	ws := e.socket(ctx, id)
	for i := 0; ; i++ {
		tb := e.replayVariant(id, "pockets", 2)
		g := tb.Match().Colourless
		worth := g.Variant.Worth()
		if g.Turn == 0 && worth.Of(g.Banked[0]) >= rules.FreePocketPrice {
			break
		}
		if i == 40 {
			t.Fatal("seat 0 has not banked 25 points after 40 strokes")
		}
		e.strike(ctx, ws, pocketingStroke(tb, g.Turn == 0 && worth.Of(g.Held[0]) < rules.FreePocketPrice))
	}
	sv := e.samePage(ctx, id)
	tb := e.replayVariant(id, "pockets", 2)
	banked := tb.Match().Colourless.Banked[0]
	e.waitFor(ctx, "the buy panel", `!document.getElementById("buy-panel").hidden && !document.getElementById("buy").disabled`, 10*time.Second)
	setPay := func(white, black int) (disabled bool, why string) {
		e.run(ctx, chromedp.Evaluate(fmt.Sprintf(`(() => { const w = document.getElementById("buy-white"), b = document.getElementById("buy-black");
			w.value = %d; b.value = %d; w.dispatchEvent(new Event("input")); b.dispatchEvent(new Event("input")); })()`, white, black), nil),
			chromedp.Evaluate(`document.getElementById("buy").disabled`, &disabled), chromedp.Text("#buy-why", &why, chromedp.ByID))
		return disabled, why
	}
	if d, why := setPay(0, 0); !d || !strings.Contains(why, "is worth 0") {
		t.Errorf("paying nothing: Buy disabled %v, reason %q; want disabled, paying under the price", d, why)
	}
	if d, why := setPay(banked.White+1, banked.Black); !d || !strings.Contains(why, "only with what you held") {
		t.Errorf("paying more white than banked: Buy disabled %v, reason %q; want disabled", d, why)
	}
	// Choosing the pocket offers the cheapest payment for it.
	var pocket string
	e.run(ctx, chromedp.Evaluate(`(() => { const s = document.getElementById("buy-pocket"); s.value = "2"; s.dispatchEvent(new Event("change")); return s.value; })()`, &pocket))
	var pay []int
	e.run(ctx, chromedp.Evaluate(`[+document.getElementById("buy-white").value, +document.getElementById("buy-black").value]`, &pay))
	w := rules.BuyingPockets().Worth()
	paid := rules.Holding{White: pay[0], Black: pay[1]}
	if pocket != "2" || w.Of(paid) < rules.FreePocketPrice || paid.White > banked.White || paid.Black > banked.Black {
		t.Fatalf("pocket %s, suggested payment %v from %+v banked", pocket, pay, banked)
	}
	e.shot(ctx, "variants-buy-panel")
	before := e.seq(ctx)
	e.run(ctx, chromedp.Click("#buy", chromedp.ByID))
	e.waitFor(ctx, "the purchase", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, before), 10*time.Second)
	after := e.samePage(ctx, id)
	if len(after.Owner) != 4 || after.Owner[2] == nil || *after.Owner[2] != 0 {
		t.Fatalf("the server's owners after the purchase: %v", after.Owner)
	}
	var owners string
	e.run(ctx, chromedp.Evaluate(`document.getElementById("board").dataset.owners`, &owners))
	if owners != "-,-,0,-" {
		t.Errorf("the page shows the owners %q; want -,-,0,- as the server says", owners)
	}
	if after.Score[0] != sv.Score[0]-w.Of(paid) {
		t.Errorf("seat 0 has %d points after paying %v from %d", after.Score[0], pay, sv.Score[0])
	}
	e.waitFor(ctx, "the purchase's ruling", `document.getElementById("ruling").textContent.includes("bought pocket 3") && document.getElementById("ruling").textContent.includes("V-3")`, 5*time.Second)
	// The ring of seat 0's colour (red) around pocket 2, on the canvas: its
	// point towards the centre of the board, turned as the board is shown.
	var rgb []int
	e.run(ctx, chromedp.Evaluate(`(() => { const c = document.getElementById("board"), g = JSON.parse(document.getElementById("config").textContent).geometry;
		const k = c.width / (2 * (g.half + g.frame)), [px, py] = g.pockets[2], r = (g.pocket_radius + 0.004) * Math.SQRT1_2;
		let x = px - Math.sign(px) * r, y = py - Math.sign(py) * r;
		for (let i = 0; i < +c.dataset.view; i++) [x, y] = [y, -x];
		return [...c.getContext("2d").getImageData(Math.round(c.width / 2 + x * k), Math.round(c.height / 2 - y * k), 1, 1).data].slice(0, 3); })()`, &rgb))
	if len(rgb) != 3 || !(rgb[0] > 150 && rgb[1] < 100 && rgb[2] < 100) {
		t.Errorf("pocket 3, which seat 0 owns, is ringed in rgb %v; want his red", rgb)
	}
	// Still his turn: his own pocket is offered disabled, with the reason.
	var reason string
	var disabled bool
	e.waitFor(ctx, "the buy panel after the purchase", `!document.getElementById("buy-panel").hidden`, 10*time.Second)
	e.run(ctx, chromedp.Evaluate(`document.querySelector("#buy-pocket option[value='2']").disabled`, &disabled),
		chromedp.Evaluate(`document.querySelector("#buy-pocket option[value='2']").dataset.reason`, &reason))
	if !disabled || reason != "yours already" {
		t.Errorf("his own pocket in the buy panel: disabled %v, reason %q", disabled, reason)
	}
	e.shot(ctx, "variants-buy", "screenshot-variants.png")
	e.checkBoard(ctx, "after a purchase")
}

// RULES V-1 against the computer, from the lobby: point carrom for three,
// the player at seat 0 and the computer (beginner) at seats 1 and 2; both
// computer seats play, and the page's holdings stay the server's.
func TestVariantAgainstTheComputer(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	e.run(ctx, chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#play-computer", chromedp.ByID),
		chromedp.SetValue("#level", "beginner", chromedp.ByID),
		chromedp.SetValue("#computer-rules", "point", chromedp.ByID),
		chromedp.Evaluate(`document.getElementById("computer-rules").dispatchEvent(new Event("change"))`, nil),
		chromedp.SetValue("#computer-players", "3", chromedp.ByID),
		chromedp.Click("#play-computer", chromedp.ByID), chromedp.WaitVisible("#board", chromedp.ByID))
	var url string
	e.run(ctx, chromedp.Location(&url))
	id := strings.TrimPrefix(url, e.base+"/t/")
	id, _, _ = strings.Cut(id, "?")
	rng := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < 4; i++ {
		e.waitFor(ctx, "my stroke, my placing or the end", myStroke+` || `+myPlacing+` || !!document.getElementById("match-over")`, 60*time.Second)
		var over bool
		e.run(ctx, chromedp.Evaluate(`!!document.getElementById("match-over")`, &over))
		if over {
			break
		}
		e.samePage(ctx, id)
		before := e.seq(ctx)
		e.playMine(ctx, rng, false)
		e.waitFor(ctx, "the stroke", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, before), 20*time.Second)
	}
	var rec struct {
		Table struct {
			Config struct {
				Rules   string `json:"rules"`
				Players int    `json:"players"`
			} `json:"config"`
		} `json:"table"`
		Actions []struct {
			Action record.Action `json:"action"`
		} `json:"actions"`
	}
	getJSON(t, e.base+"/api/matches/"+id, &rec)
	seats := map[int]int{}
	for _, a := range rec.Actions {
		seats[a.Action.Seat]++
	}
	if rec.Table.Config.Rules != "point" || rec.Table.Config.Players != 3 || seats[1] == 0 || seats[2] == 0 {
		t.Errorf("table %+v, actions by seat %v; want point carrom for three with both computer seats playing", rec.Table.Config, seats)
	}
}

// RULES V-1 in the browser: in point carrom a due is placed within the
// outer circle by the player the referee names (with two players, the
// opponent), by dragging, with the ICF game's refusal of the centre circle;
// the page says who places it and offers no Forgo.
func TestPlaceADueInPointCarrom(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	r, err := rules.ByName("point")
	if err != nil {
		t.Fatal(err)
	}
	id := e.createTable(`{"rules":"point","players":2,"clock":0,"seats":[{"kind":"human"},{"kind":"human"}],"seed":9}`)
	before := e.placeADue(ctx, id, r)
	turn := before.ToAct()
	e.samePage(ctx, id)
	actions := e.storedActions(id)
	var strikes []game.Action
	for _, a := range actions {
		if a.Kind == game.Strike {
			strikes = append(strikes, a)
		}
	}
	// The placer is the opponent of the player whose stroke cost the due
	// (RULES V-1, PL-1), whatever the turn.
	striker := strikes[len(strikes)-1].Seat
	if turn.Seat != 1-striker {
		t.Errorf("seat %d placed the due of seat %d's stroke; want the opponent, seat %d (RULES V-1)", turn.Seat, striker, 1-striker)
	}
}
