package web_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/web"
)

// TestReplayListFollowsStep: at 1280×800, a step of a long replay keeps
// the move it shows within the move list's visible box, forward from the
// start and back from the end.
func TestReplayListFollowsStep(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	id := e.createTable(`{"rules":"icf","players":2,"clock":0,"seats":[{"kind":"computer","level":"beginner"},{"kind":"computer","level":"beginner"}],"seed":5}`)
	e.watch(id)
	for end := time.Now().Add(120 * time.Second); serverSeq(t, e.base, id) < 60; time.Sleep(500 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the computers did not play 60 strokes in 120 s")
		}
	}
	e.run(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/replay/"+id))
	e.waitFor(ctx, "the replay", `document.getElementById("status")?.textContent.startsWith("Stroke 0 of")`, 10*time.Second)
	inView := func(when string) {
		t.Helper()
		var long bool
		e.run(ctx, chromedp.Evaluate(`(() => { const ol = document.getElementById("moves"); return ol.scrollHeight > ol.clientHeight + 40; })()`, &long))
		if !long {
			t.Fatalf("%s: the move list does not scroll; the test needs a longer replay", when)
		}
		e.waitFor(ctx, when+": the current move within the move list's visible box", `(() => { const ol = document.getElementById("moves"), li = ol.querySelector("li.current");
			const a = ol.getBoundingClientRect(), b = li?.getBoundingClientRect();
			return !!b && b.top >= a.top - 1 && b.bottom <= a.bottom + 1; })()`, 3*time.Second)
	}
	e.run(ctx, chromedp.Click(`button[title="next stroke"]`, chromedp.ByQuery))
	e.waitFor(ctx, "the first stroke", `document.getElementById("status").textContent.startsWith("Stroke 1 of")`, 20*time.Second)
	inView("a step from the start")
	e.run(ctx, chromedp.Click(`button[title="end"]`, chromedp.ByQuery))
	var n int
	e.run(ctx, chromedp.Evaluate(`document.querySelectorAll("#moves li").length`, &n))
	for range n - 20 {
		e.run(ctx, chromedp.Click(`button[title="previous stroke"]`, chromedp.ByQuery))
	}
	e.waitFor(ctx, "the steps back", `document.getElementById("status").textContent.startsWith("Stroke 20 of")`, 10*time.Second)
	inView("steps back from the end")
}

// contrastJS defines contrast(a, b), the WCAG contrast ratio of two CSS
// colours as getComputedStyle gives them, and ring(el), the contrast of
// el's outline against its background (0 without a visible outline).
const contrastJS = `const lum = (c) => { const [r, g, b] = c.match(/[\d.]+/g).slice(0, 3).map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
	const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
	const ring = (el) => { const s = getComputedStyle(el); return s.outlineStyle === "none" || parseFloat(s.outlineWidth) < 2 ? 0 : contrast(s.outlineColor, s.backgroundColor); };`

// TestContrastAndFocus at 1280×800: the umpire's selected Queen button
// reads at 4.5:1 or more and is not faded; a brown button focused from the
// keyboard shows a ring at 3:1 or more against it; the lobby's Play now,
// focused on arrival, shows that ring too.
func TestContrastAndFocus(t *testing.T) {
	e := newEnv(t)
	ctx, _, _ := e.umpireSheet(t)
	e.run(ctx, tap("u-queen"))
	var c struct {
		Ratio   float64
		Opacity string
	}
	e.run(ctx, chromedp.Evaluate(`(() => { `+contrastJS+` const b = document.getElementById("u-queen"), s = getComputedStyle(b);
		return {ratio: b.getAttribute("aria-pressed") === "true" ? contrast(s.color, s.backgroundColor) : 0, opacity: s.opacity}; })()`, &c))
	if c.Ratio < 4.5 || c.Opacity != "1" {
		t.Errorf("the selected Queen button: contrast %.2f:1, opacity %s; want 4.5:1 or more, opaque", c.Ratio, c.Opacity)
	}

	e.run(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#play-now", chromedp.ByID))
	e.waitFor(ctx, "Play now focused", `document.activeElement?.id === "play-now"`, 5*time.Second)
	var r struct {
		Visible bool
		Ring    float64
	}
	e.run(ctx, chromedp.Evaluate(`(() => { `+contrastJS+` const b = document.getElementById("play-now");
		return {visible: b.matches(":focus-visible"), ring: ring(b)}; })()`, &r))
	if !r.Visible || r.Ring < 3 {
		t.Errorf("the auto-focused Play now: focus-visible %v, ring contrast %.2f:1; want a ring at 3:1 or more", r.Visible, r.Ring)
	}
	// From the keyboard: Tab from Play now reaches the next control; a
	// brown button somewhere on the way shows the ring.
	e.run(ctx, chromedp.Evaluate(`document.getElementById("play-computer").focus()`, nil), chromedp.KeyEvent("\t"), chromedp.KeyEvent("\t", chromedp.KeyModifiers(8)))
	e.run(ctx, chromedp.Evaluate(`(() => { `+contrastJS+` const b = document.activeElement;
		return {visible: b.id === "play-computer" && b.matches(":focus-visible"), ring: ring(b)}; })()`, &r))
	if !r.Visible || r.Ring < 3 {
		t.Errorf("the Play button focused from the keyboard: focus-visible %v, ring contrast %.2f:1; want a ring at 3:1 or more", r.Visible, r.Ring)
	}
}

// TestPlacingMarks draws a board while a c/m is placed (src/render.ts):
// the room around a piece within the outer circle is marked, and a piece
// far from it, where a c/m may not go anyway, is drawn with no halo.
func TestPlacingMarks(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	js, err := web.BundleModule("src/render.ts", "render")
	if err != nil {
		t.Fatal(err)
	}
	var r struct{ Near, Far bool }
	e.run(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#play-now", chromedp.ByID), chromedp.Evaluate(string(js), nil),
		chromedp.Evaluate(`(() => { const g = JSON.parse(document.getElementById("config").textContent).geometry;
		const c = document.createElement("canvas"); c.style.cssText = "position: fixed; left: 0; top: 0; width: 600px; height: 600px"; document.body.append(c);
		const r = new render.Renderer(c, g); r.resize();
		const near = {id: "w1", kind: "white", x: 0.035, y: 0}, far = {id: "w2", kind: "white", x: 0.25, y: 0};
		const pixel = (p) => { const at = r.toCSS({x: p.x + 1.5 * g.coin_radius, y: p.y}), k = c.width / 600; return [...c.getContext("2d").getImageData(Math.round(at.x * k), Math.round(at.y * k), 1, 1).data].join(); };
		const look = (ov) => { r.draw([near, far], ov); return [pixel(near), pixel(far)]; };
		const plain = look({}), placing = look({placing: {pieces: [near, far]}});
		c.remove();
		return {near: plain[0] !== placing[0], far: plain[1] !== placing[1]}; })()`, &r))
	if !r.Near {
		t.Error("the room around a piece within the outer circle is not marked while placing")
	}
	if r.Far {
		t.Error("a piece far from the outer circle is haloed while placing")
	}
}
