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
	tb, err := game.New(game.Config{Rules: rules.ICF(), Players: 2, Physics: physics.Default()})
	if err != nil {
		t.Fatal(err)
	}
	s := tb.Setup()
	s.Match.Board.Broken = true
	for i, p := range s.Pieces {
		if p.ID == "w1" {
			s.Pieces[i].Pos = board.Vec{X: 0.25, Y: 0.27}
		}
	}
	pos := record.FormatPosition(s)
	e.run(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/"), chromedp.Click("#practice", chromedp.ByID), chromedp.WaitVisible("#board", chromedp.ByID))
	e.waitFor(ctx, "the practice board", `!!document.getElementById("board").dataset.position`, 10*time.Second)
	e.run(ctx, chromedp.Evaluate(fmt.Sprintf(`document.querySelector("details.position").open = true; document.getElementById("position").value = %q`, pos), nil),
		chromedp.Click("#set-position", chromedp.ByID))
	e.waitFor(ctx, "the position set", fmt.Sprintf(`document.getElementById("board").dataset.position === %q`, pos), 10*time.Second)

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
