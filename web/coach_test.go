package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
)

// pageHint is the coach's hint as the page shows it (#hint-text's data).
type pageHint struct {
	X, Speed, Success float64
	Dir               [2]float64
	Target, Kind      string
	Words             string
}

func (e *env) hint(ctx context.Context) pageHint {
	e.t.Helper()
	e.run(ctx, chromedp.Click("#hint", chromedp.ByID))
	e.waitFor(ctx, "the coach's hint", `!!document.getElementById("hint-text")`, 30*time.Second)
	var raw map[string]string
	e.run(ctx, chromedp.Evaluate(`(() => { const el = document.getElementById("hint-text"); return {...el.dataset, words: el.textContent}; })()`, &raw))
	num := func(s string) float64 {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			e.t.Fatalf("the hint's data %v: %v", raw, err)
		}
		return f
	}
	d := strings.Split(raw["dir"], ",")
	if len(d) != 2 {
		e.t.Fatalf("the hint's direction %q", raw["dir"])
	}
	return pageHint{X: num(raw["x"]), Speed: num(raw["speed"]), Success: num(raw["success"]), Dir: [2]float64{num(d[0]), num(d[1])},
		Target: raw["target"], Kind: raw["kind"], Words: raw["words"]}
}

// TestCoachInPractice sets a practice position by its position string (a
// white close to the top-right pocket), asks the coach, plays the hint's
// shot with Shoot and compares what happened with the hint; then undoes
// the stroke and plays it again, which gives the same position.
func TestCoachInPractice(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	e.run(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/"), chromedp.Click("#practice", chromedp.ByID), chromedp.WaitVisible("#board", chromedp.ByID))
	pos := e.practiceNearPocket(ctx)

	h := e.hint(ctx)
	t.Logf("hint: %s (%+v)", h.Words, h)
	e.shot(ctx, "coach", "screenshot-coach.png")
	if h.Target != "w1" || !strings.Contains(h.Words, "the white at the top-right") {
		t.Errorf("the coach says %q aiming at %q; want the white w1 at the top-right", h.Words, h.Target)
	}
	play := func() string {
		t.Helper()
		var before string
		e.run(ctx, chromedp.Evaluate(`document.getElementById("board").dataset.strokes ?? "0"`, &before))
		e.waitFor(ctx, "Shoot", `!!document.getElementById("shoot")`, 5*time.Second)
		e.run(ctx, chromedp.Click("#shoot", chromedp.ByID))
		e.waitFor(ctx, "the stroke played", fmt.Sprintf(`document.getElementById("board").dataset.strokes !== %q && !document.getElementById("board").dataset.busy`, before), 30*time.Second)
		var after string
		e.run(ctx, chromedp.Evaluate(`document.getElementById("board").dataset.position`, &after))
		return after
	}
	after := play()
	setup, err := record.ParsePosition(after)
	if err != nil {
		t.Fatalf("the position after the hint's shot: %v", err)
	}
	pocketed := false
	for _, p := range setup.Pocketed {
		pocketed = pocketed || p.ID == h.Target
	}
	t.Logf("the hint gave %.0f %% to pocket %s; played as given, it was pocketed: %v", h.Success*100, h.Target, pocketed)
	if h.Success >= 0.5 && !pocketed {
		t.Errorf("the hint gave %.0f %% to pocket %s, and its shot played as given did not pocket it", h.Success*100, h.Target)
	}
	// Undo, then the same shot again: the same position as the first time.
	e.run(ctx, chromedp.Click("#undo", chromedp.ByID))
	e.waitFor(ctx, "the undo", fmt.Sprintf(`document.getElementById("board").dataset.position === %q`, pos), 5*time.Second)
	if again := e.hint(ctx); again.X != h.X || again.Dir != h.Dir || again.Speed != h.Speed {
		t.Errorf("the hint after the undo is %+v; want %+v", again, h)
	}
	if replayed := play(); replayed != after {
		t.Errorf("the stroke played again gave\n%s\nwant\n%s", replayed, after)
	}
}

// TestCoachAgainstTheComputer: in a game against the computer the hint's
// shot, played with Shoot, is the stroke the server stores, bit for bit.
func TestCoachAgainstTheComputer(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	url := e.playBeginner(ctx)
	id := url[strings.LastIndex(url, "/")+1:]
	e.waitFor(ctx, "my stroke", myStroke, 60*time.Second)
	h := e.hint(ctx)
	t.Logf("hint: %s", h.Words)
	if !strings.Contains(h.Words, "%") {
		t.Errorf("the hint %q gives no chance", h.Words)
	}
	before := e.seq(ctx)
	e.run(ctx, chromedp.Click("#shoot", chromedp.ByID))
	e.waitFor(ctx, "the stroke", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, before), 20*time.Second)
	var stored struct {
		Actions []struct {
			Seq    int
			Action json.RawMessage
		}
	}
	getJSON(t, e.base+"/api/matches/"+id, &stored)
	var shot struct {
		Kind string
		Shot *struct {
			X     float64
			Dir   [2]float64
			Speed float64
		}
	}
	for _, a := range stored.Actions {
		if a.Seq == before+1 {
			if err := json.Unmarshal(a.Action, &shot); err != nil {
				t.Fatal(err)
			}
		}
	}
	if shot.Shot == nil {
		t.Fatalf("no stroke stored at %d", before+1)
	}
	if shot.Shot.X != h.X || math.Abs(shot.Shot.Dir[0]-h.Dir[0]) > 1e-15 || math.Abs(shot.Shot.Dir[1]-h.Dir[1]) > 1e-15 || shot.Shot.Speed != h.Speed {
		t.Errorf("the stroke stored is %+v; want the hint's x %v, dir %v, speed %v", *shot.Shot, h.X, h.Dir, h.Speed)
	}
}

// TestHintIsTheShotPlayed: the coach's aim as drawn (a unit direction,
// its guide line's first piece, the power) is the stroke Shoot sends, and
// the coin and the pocket it aims at are marked (issue 27: the guide ran
// through a coin to a cushion and the arrow was a third long).
func TestHintIsTheShotPlayed(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	target := nearPocket
	e.run(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/practice"), chromedp.WaitVisible("#board", chromedp.ByID))
	e.practiceNearPocket(ctx)

	h := e.hint(ctx)
	var drawn map[string]string
	e.run(ctx, chromedp.Evaluate(`(() => { const d = document.getElementById("board").dataset;
		return {aim: d.aim ?? "", coin: d.aimCoin ?? "", pocket: d.aimPocket ?? "", hit: d.aimHit ?? "", power: document.getElementById("power").textContent,
			hintPower: document.getElementById("hint-text").dataset.power ?? ""}; })()`, &drawn))
	t.Logf("hint %q %+v; drawn %v", h.Words, h, drawn)
	nums := func(s string) []float64 {
		var out []float64
		for _, f := range strings.Split(s, ",") {
			v, err := strconv.ParseFloat(f, 64)
			if err != nil {
				t.Fatalf("%q: %v", s, err)
			}
			out = append(out, v)
		}
		return out
	}
	aim := nums(drawn["aim"])
	if len(aim) != 3 {
		t.Fatalf("the drawn aim %q; want dx,dy,power", drawn["aim"])
	}
	if l := math.Hypot(aim[0], aim[1]); math.Abs(l-1) > 1e-12 {
		t.Errorf("the aim drawn has a direction of length %v; want a unit vector", l)
	}
	if l := math.Hypot(h.Dir[0], h.Dir[1]); math.Abs(l-1) > 1e-12 {
		t.Errorf("the hint's direction %v has length %v; want a unit vector", h.Dir, l)
	}
	power := h.Speed / physics.Default().MaxSpeed
	if math.Abs(aim[2]-power) > 1e-12 || drawn["hintPower"] != strconv.FormatFloat(aim[2], 'g', -1, 64) {
		t.Errorf("the arrow's power is %v and the hint's %s; want the hint's speed over the hardest, %v", aim[2], drawn["hintPower"], power)
	}
	if want := fmt.Sprintf("Power %d %%", int(math.Round(power*100))); drawn["power"] != want {
		t.Errorf("the page shows %q; want %q", drawn["power"], want)
	}
	if drawn["hit"] != h.Target {
		t.Errorf("the guide line meets %q first; want the coin aimed at, %q", drawn["hit"], h.Target)
	}
	// The marks: on the target coin, and in the pocket the words name.
	b := e.practiceBoard(ctx)
	cx, cy := b.screen(target)
	if c := nums(drawn["coin"]); len(c) != 2 || math.Hypot(c[0]+b.left-cx, c[1]+b.top-cy) > 1 {
		t.Errorf("the coin marked is at %q (CSS px on the board); want w1 at %.1f,%.1f", drawn["coin"], cx-b.left, cy-b.top)
	}
	if p := nums(drawn["pocket"]); len(p) != 2 || p[0] < b.px/2 || p[1] > b.px/2 || !strings.Contains(h.Words, "top-right") {
		t.Errorf("the pocket marked is at %q on a %.0f px board, the words say %q; want the top-right pocket marked and named", drawn["pocket"], b.px, h.Words)
	}

	// Shoot sends the stroke drawn.
	e.run(ctx, chromedp.Evaluate(`window.sent = []; const f = window.fetch; window.fetch = (u, o) => { if (o && o.body) window.sent.push(JSON.parse(o.body)); return f(u, o); }`, nil),
		chromedp.Click("#shoot", chromedp.ByID))
	e.waitFor(ctx, "the stroke played", `document.getElementById("board").dataset.strokes === "1" && !document.getElementById("board").dataset.busy`, 30*time.Second)
	var sent []struct {
		Action *struct {
			Type  string
			X     float64
			Dir   [2]float64
			Speed float64
		}
	}
	e.run(ctx, chromedp.Evaluate(`window.sent`, &sent))
	if len(sent) != 1 || sent[0].Action == nil || sent[0].Action.Type != "strike" {
		t.Fatalf("Shoot sent %+v; want one strike", sent)
	}
	a := sent[0].Action
	if a.Dir[0] != aim[0] || a.Dir[1] != aim[1] || a.Speed != h.Speed || a.X != h.X {
		t.Errorf("Shoot sent x %v, dir %v, speed %v; the aim drawn was dir %v,%v at x %v and the hint's speed %v", a.X, a.Dir, a.Speed, aim[0], aim[1], h.X, h.Speed)
	}
}

// nearPocket is where practiceNearPocket puts the white w1: close to the
// top-right pocket.
var nearPocket = board.Vec{X: 0.25, Y: 0.27}

// practiceNearPocket sets the practice page's position to a board broken
// with the white w1 at nearPocket, and returns its position string.
func (e *env) practiceNearPocket(ctx context.Context) string {
	e.t.Helper()
	tb, err := game.New(game.Config{Rules: rules.ICF(), Players: 2, Physics: physics.Default()})
	if err != nil {
		e.t.Fatal(err)
	}
	s := tb.Setup()
	s.Match.Board.Broken = true
	for i, p := range s.Pieces {
		if p.ID == "w1" {
			s.Pieces[i].Pos = nearPocket
		}
	}
	pos := record.FormatPosition(s)
	e.waitFor(ctx, "the practice board", `!!document.getElementById("board").dataset.position`, 10*time.Second)
	e.run(ctx, chromedp.Evaluate(fmt.Sprintf(`document.querySelector("details.position").open = true; document.getElementById("position").value = %q`, pos), nil),
		chromedp.Click("#set-position", chromedp.ByID))
	e.waitFor(ctx, "the position set", fmt.Sprintf(`document.getElementById("board").dataset.position === %q`, pos), 10*time.Second)
	return pos
}
