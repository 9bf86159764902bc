package web_test

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/board"
)

// touch is one touch event of finger 1 at (x, y); an end lifts it.
func touch(typ input.TouchType, x, y float64) chromedp.Action {
	pts := []*input.TouchPoint{{X: x, Y: y, ID: 1}}
	if typ == input.TouchEnd {
		pts = []*input.TouchPoint{}
	}
	return input.DispatchTouchEvent(typ, pts)
}

// fingerDrag puts a finger down at (x, y), moves it by (dx, dy) in eight
// steps and lifts it.
func fingerDrag(x, y, dx, dy float64) chromedp.Action {
	acts := []chromedp.Action{touch(input.TouchStart, x, y)}
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		acts = append(acts, touch(input.TouchMove, x+dx*f, y+dy*f))
	}
	return chromedp.Tasks(append(acts, touch(input.TouchEnd, 0, 0)))
}

// stillAt checks that table id's page and server are still at seq, a
// moment after an action that must send nothing (a stroke would be sent
// at once, on letting go).
func (e *env) stillAt(ctx context.Context, id string, seq int, what string) {
	e.t.Helper()
	time.Sleep(700 * time.Millisecond)
	if got := serverSeq(e.t, e.base, id); got != int64(seq) {
		e.t.Errorf("%s: the table went from %d to %d; want no stroke", what, seq, got)
	}
	if p := e.text(ctx, "#power"); p != "" {
		e.t.Errorf("%s: the page shows %q; want no aim", what, p)
	}
}

// TestSlideNeverShoots: grabbing the striker and dragging it along the
// base line moves it and never shoots (issue 27: a 60 px slide fired the
// striker to the left); only a pull away from the line aims. On a phone a
// finger 20 px beside the striker grabs it, to slide it and to pull.
func TestSlideNeverShoots(t *testing.T) {
	e := newEnv(t)
	for _, sz := range []struct {
		name  string
		w, h  int64
		phone bool
	}{{"1280x800", 1280, 800, false}, {"390x844 touch", 390, 844, true}} {
		ctx := e.tab()
		emulate := chromedp.EmulateViewport(sz.w, sz.h)
		if sz.phone {
			emulate = chromedp.EmulateViewport(sz.w, sz.h, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2))
		}
		url := e.playBeginner(ctx, emulate)
		id := strings.TrimSuffix(url[strings.Index(url, "/t/")+3:], "?seat=0")
		e.waitFor(ctx, sz.name+": my stroke", myStroke, 60*time.Second)
		b := e.practiceBoard(ctx)
		rpx := board.Standard().StrikerRadius() / b.metresPerPixel()
		x, y, _ := e.striker(ctx)
		seq := e.seq(ctx)
		// The press: on the striker with a mouse; with a finger, 20 px
		// beside its edge.
		off := 0.0
		if sz.phone {
			off = rpx + 20
		}
		const slide = 60.0
		if sz.phone {
			e.run(ctx, fingerDrag(x+off, y, slide, 0))
		} else {
			e.run(ctx, pull(x, y, slide, 0), release(x+slide, y))
		}
		e.stillAt(ctx, id, seq, sz.name+", a slide along the base line")
		nx, ny, ok := e.striker(ctx)
		t.Logf("%s: striker radius %.1f px; slid %v px from %.1f, now at %.1f", sz.name, rpx, slide, x, nx)
		if !ok || math.Abs(nx-x-slide) > 2 || math.Abs(ny-y) > 1 {
			t.Errorf("%s: after a %v px slide the striker is at %.1f,%.1f (%v); want %.1f,%.1f", sz.name, slide, nx, ny, ok, x+slide, y)
		}
		// A pull straight away from the line, from the same press: the
		// stroke goes straight ahead.
		if sz.phone {
			e.run(ctx, fingerDrag(nx+off, ny, 0, 100))
		} else {
			e.run(ctx, pull(nx, ny, 0, 100), release(nx, ny+100))
		}
		e.waitFor(ctx, sz.name+": the stroke pulled", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, seq), 20*time.Second)
		got, ok := e.strokeAngle(id, seq+1)
		if !ok || math.Abs(got-90) > 1 {
			t.Errorf("%s: the pull straight back played a stroke at %.2f° (%v); want 90°, straight ahead", sz.name, got, ok)
		}
	}
}
