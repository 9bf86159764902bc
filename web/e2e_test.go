package web_test

// End-to-end tests: the real server on a loopback port with a fresh data
// directory, driven through Debian's Chromium, headless, with chromedp.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/carrom-game/carrom/ai"
	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/coach"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/store"
	"github.com/carrom-game/carrom/physics"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/rules"
	"github.com/carrom-game/carrom/web"
)

var updateScreenshot = flag.Bool("update-screenshot", false, "write docs/screenshot.png from the game against the computer")

// chromium finds the browser. In CI (CI set) a missing browser fails the
// test: .ci/run installs it, so its absence is a broken pipeline. The
// browser tests take most of a minute, so -short skips them.
func chromium(t *testing.T) string {
	if testing.Short() {
		t.Skip("browser test skipped under -short")
	}
	for _, p := range []string{"/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium not found at /usr/bin/chromium; install it with apt-get install -y chromium")
	}
	t.Skip("chromium not found; apt-get install -y chromium to run the browser tests")
	return ""
}

type env struct {
	t       *testing.T
	base    string
	browser context.Context // the first tab; new contexts are made from it
}

// createTable creates a table through the API with the JSON config and
// returns its id.
func (e *env) createTable(config string) string {
	e.t.Helper()
	resp, err := http.Post(e.base+"/api/tables", "application/json", strings.NewReader(config))
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	var created struct{ ID string }
	if err := json.NewDecoder(resp.Body).Decode(&created); err != nil || resp.StatusCode != http.StatusCreated {
		e.t.Fatalf("POST /api/tables %s: status %d, %v", config, resp.StatusCode, err)
	}
	return created.ID
}

// playBeginner starts a game against the beginner from the lobby, as a
// player does, and returns the table's page address once the board shows.
func (e *env) playBeginner(ctx context.Context, first ...chromedp.Action) string {
	e.t.Helper()
	e.run(ctx, append(first, chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#play-computer", chromedp.ByID),
		chromedp.SetValue("#level", "beginner", chromedp.ByID), clickNow("play-computer"),
		chromedp.WaitVisible("#board", chromedp.ByID))...)
	var url string
	e.run(ctx, chromedp.Location(&url))
	return url
}

// clickNow clicks the element of id itself. A mouse click goes to the
// coordinates the element had when it was looked up, and the lobby's
// lists drawn after it (games offered, games to resume) can move it: twice
// on the busy machine a lobby's Play click made no table.
func clickNow(id string) chromedp.Action {
	return chromedp.Evaluate(fmt.Sprintf(`document.getElementById(%q).click()`, id), nil)
}

// newEnv starts the server and a browser, both stopped when the test ends.
func newEnv(t *testing.T) *env {
	t.Helper()
	return newEnvWith(t, nil)
}

// newEnvWith is newEnv with the server's configuration changed by edit.
func newEnvWith(t *testing.T, edit func(*server.Config)) *env {
	t.Helper()
	exe := chromium(t)
	st, err := store.OpenSQLite(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	params := physics.Default()
	page, err := web.New(web.Options{Spec: params.Spec, Levels: ai.LevelNames()})
	if err != nil {
		t.Fatal(err)
	}
	bots := func(level string) (server.Bot, error) {
		l, err := ai.LevelByName(level)
		return ai.Bot{Level: l}, err
	}
	coach, err := coach.New()
	if err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{Store: st, Bots: bots, Coach: coach, Physics: params, Web: page, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if edit != nil {
		edit(&cfg)
	}
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: srv.Handler()}
	go hs.Serve(ln)

	// Chromium's processes write to its profile until they exit, so the
	// profile is removed after the last of them, not by t.TempDir.
	profile, err := os.MkdirTemp("", "carrom-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	var group int
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("autoplay-policy", "no-user-gesture-required"),
		chromedp.UserDataDir(profile), chromedp.WindowSize(1200, 860),
		chromedp.ModifyCmdFunc(func(cmd *exec.Cmd) { ownGroup(cmd, &group) }))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	browser, cancelBrowser := chromedp.NewContext(alloc)
	if err := chromedp.Run(browser); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	t.Cleanup(func() {
		cancelBrowser()
		cancelAlloc()
		hs.Close()
		srv.Close()
		st.Close()
		if err := groupGone(group, 10*time.Second); err != nil {
			t.Error(err)
		}
		os.RemoveAll(profile)
	})
	return &env{t: t, base: "http://" + ln.Addr().String(), browser: browser}
}

// ownGroup has Chromium lead a process group of its own, which the end
// of the test kills whole: killed alone, the browser left its helpers to
// see it gone and exit in their own time, and the network service then
// wrote its state into the profile the test had removed: a directory
// left in the temporary directory (one of six tests, run with the
// machine's two cores kept busy). group gets the group's id when the
// browser is killed.
func ownGroup(cmd *exec.Cmd, group *int) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	cmd.Cancel = func() error {
		*group = cmd.Process.Pid
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// groupGone waits until no process of the group is left, or says which
// group outlived the wait. 0 is no group: the browser never started.
func groupGone(group int, wait time.Duration) error {
	if group == 0 {
		return nil
	}
	for end := time.Now().Add(wait); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if err := syscall.Kill(-group, 0); errors.Is(err, syscall.ESRCH) {
			return nil
		}
	}
	return fmt.Errorf("chromium's process group %d still runs %v after it was killed", group, wait)
}

// tab opens a browser context of its own: its own cookies, so its own
// identity at the tables.
func (e *env) tab() context.Context {
	e.t.Helper()
	// The target is made here, in a window of its own, because Chromium
	// opens no tab in a new browser context without a window to hold it.
	var tid target.ID
	err := chromedp.Run(e.browser, chromedp.ActionFunc(func(ctx context.Context) error {
		exec := cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Browser)
		bc, err := target.CreateBrowserContext().Do(exec)
		if err != nil {
			return err
		}
		tid, err = target.CreateTarget("about:blank").WithBrowserContextID(bc).WithNewWindow(true).Do(exec)
		return err
	}))
	if err != nil {
		e.t.Fatalf("opening a browser context: %v", err)
	}
	return e.attach(tid)
}

// attach drives the tab tid, its exceptions failing the test.
func (e *env) attach(tid target.ID) context.Context {
	ctx, cancel := chromedp.NewContext(e.browser, chromedp.WithTargetID(tid))
	e.t.Cleanup(cancel)
	// An uncaught exception in the page fails the test.
	chromedp.ListenTarget(ctx, func(ev any) {
		if ex, ok := ev.(*runtime.EventExceptionThrown); ok {
			e.t.Errorf("exception in the page: %s", ex.ExceptionDetails.Error())
		}
	})
	// Every action of a test is bounded, so a stuck page fails instead of hanging.
	ctx, cancelT := context.WithTimeout(ctx, 300*time.Second)
	e.t.Cleanup(cancelT)
	return ctx
}

func (e *env) run(ctx context.Context, actions ...chromedp.Action) {
	e.t.Helper()
	if err := chromedp.Run(ctx, actions...); err != nil {
		e.t.Fatal(err)
	}
}

// concede gives up the board, the game or the match from the Concede
// menu, and says yes to the page's "are you sure?".
func (e *env) concede(ctx context.Context, what string) {
	e.t.Helper()
	e.run(ctx, chromedp.Click("details.concede summary", chromedp.ByQuery), chromedp.Click(`//button[text()="the `+what+`"]`, chromedp.BySearch),
		chromedp.WaitVisible("#concede-confirm", chromedp.ByID), chromedp.Click("#concede-yes", chromedp.ByID))
}

// waitFor polls a JavaScript expression until it is truthy.
func (e *env) waitFor(ctx context.Context, what, expr string, within time.Duration) {
	e.t.Helper()
	var ok bool
	// The page draws itself once its language's words are here, so an
	// element the predicate reads may not be there yet: until it is, the
	// predicate is false, and its last exception is told if it never holds.
	if err := chromedp.Run(ctx, chromedp.Poll(guarded(expr), &ok, chromedp.WithPollingTimeout(within), chromedp.WithPollingInterval(100*time.Millisecond))); err != nil {
		var status string
		chromedp.Run(ctx, chromedp.Evaluate(`(document.getElementById("status")||{}).textContent + " | " + (document.getElementById("error")||{}).textContent + (window.__waitErr ? " | predicate: " + window.__waitErr : "")`, &status))
		e.t.Fatalf("waiting for %s: %v (page says %q)", what, err, status)
	}
}

// guarded makes a predicate that throws (an element not drawn yet) false,
// keeping its last exception to tell if it never holds.
func guarded(expr string) string {
	return `(() => { try { return !!(` + expr + `); } catch (err) { window.__waitErr = String(err); return false; } })()`
}

func (e *env) seq(ctx context.Context) int {
	var s string
	e.run(ctx, chromedp.Evaluate(`document.getElementById("board")?.dataset.seq ?? "0"`, &s))
	var n int
	fmt.Sscan(s, &n)
	return n
}

// cancels is how many aims the page has given up without a stroke.
func (e *env) cancels(ctx context.Context) int {
	var s string
	e.run(ctx, chromedp.Evaluate(`document.getElementById("board")?.dataset.cancelled ?? "0"`, &s))
	var n int
	fmt.Sscan(s, &n)
	return n
}

// serverSeq is table id's sequence number on the server: the number of
// actions it has accepted.
func serverSeq(t *testing.T, base, id string) int64 {
	t.Helper()
	var api struct {
		State struct {
			Seq int64 `json:"seq"`
		} `json:"state"`
	}
	getJSON(t, base+"/api/tables/"+id, &api)
	return api.State.Seq
}

// striker is where the striker waiting to be shot is in the viewport, or
// ok false when this page has no stroke to play now.
func (e *env) striker(ctx context.Context) (x, y float64, ok bool) {
	var p []float64
	e.run(ctx, chromedp.Evaluate(`(() => { const c = document.getElementById("board"); const s = c && c.dataset.striker;
		if (!s || c.dataset.busy) return []; const b = c.getBoundingClientRect(); const [x, y] = s.split(",").map(Number);
		return [b.left + x, b.top + y]; })()`, &p))
	if len(p) != 2 {
		return 0, 0, false
	}
	return p[0], p[1], true
}

const myStroke = `(() => { const c = document.getElementById("board"); return !!(c && c.dataset.striker && !c.dataset.busy); })()`

// myPlacing: a c/m is this page's to place. The ICF game offers Forgo
// beside the marked spot; a variant's c/m cannot be forgone (RULES V-1).
const myPlacing = `!!(document.getElementById("place-hint") || document.getElementById("forgo"))`

// pull presses on the striker, pulls back by (dx, dy) pixels in steps, and
// holds there; release lets go.
func pull(x, y, dx, dy float64) chromedp.Action {
	acts := []chromedp.Action{chromedp.MouseEvent(input.MousePressed, x, y, chromedp.ButtonLeft)}
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		acts = append(acts, input.DispatchMouseEvent(input.MouseMoved, x+dx*f, y+dy*f).WithButton(input.Left).WithButtons(1))
	}
	return chromedp.Tasks(acts)
}

func release(x, y float64) chromedp.Action {
	return chromedp.MouseEvent(input.MouseReleased, x, y, chromedp.ButtonLeft)
}

// playMine plays this page's turn: a stroke by dragging (unless placeOnly),
// or a placing at the marked spot. It reports whether it acted.
func (e *env) playMine(ctx context.Context, rng *rand.Rand, placeOnly bool) bool {
	e.t.Helper()
	if x, y, ok := e.striker(ctx); ok && !placeOnly {
		dx := (rng.Float64() - 0.5) * 60
		e.run(ctx, pull(x, y, dx, 80+rng.Float64()*40), release(x+dx, y+100))
		return true
	}
	var placing bool
	e.run(ctx, chromedp.Evaluate(myPlacing, &placing))
	if placing {
		e.run(ctx, chromedp.Click("#place-hint", chromedp.ByQuery))
		return true
	}
	return false
}

// checkBoard takes a screenshot of the canvas and checks it is drawn: many
// colours, light wood on the playing surface, dark wood on the frame, dark
// pockets in the corners.
func (e *env) checkBoard(ctx context.Context, name string) []byte {
	e.t.Helper()
	var buf []byte
	e.run(ctx, chromedp.Screenshot("#board", &buf, chromedp.ByID))
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		e.t.Fatalf("%s: screenshot: %v", name, err)
	}
	b := img.Bounds()
	at := func(fx, fy float64) (r, g, bl int) {
		c := img.At(b.Min.X+int(fx*float64(b.Dx())), b.Min.Y+int(fy*float64(b.Dy())))
		r32, g32, b32, _ := c.RGBA()
		return int(r32 >> 8), int(g32 >> 8), int(b32 >> 8)
	}
	colours := map[[3]int]bool{}
	for y := b.Min.Y; y < b.Max.Y; y += 7 {
		for x := b.Min.X; x < b.Max.X; x += 7 {
			r, g, bl, _ := img.At(x, y).RGBA()
			colours[[3]int{int(r >> 11), int(g >> 11), int(bl >> 11)}] = true
		}
	}
	if len(colours) < 40 {
		e.t.Errorf("%s: the board has %d colours; want a drawn board", name, len(colours))
	}
	// The playing surface, on two rings between the outer circle and the
	// base lines: most points must be pale wood, whatever pieces lie there.
	light, n := 0, 0
	for _, rad := range []float64{0.15, 0.22} {
		for a := 0.0; a < 2*math.Pi; a += math.Pi / 16 {
			n++
			if r, g, bl := at(0.5+rad*math.Cos(a), 0.5+rad*math.Sin(a)); r > 180 && r >= g && g > bl && bl > 60 {
				light++
			}
		}
	}
	if light < n*3/4 {
		e.t.Errorf("%s: %d of %d points of the playing surface are pale wood", name, light, n)
	}
	for _, p := range [][2]float64{{0.5, 0.03}, {0.03, 0.5}, {0.97, 0.5}, {0.5, 0.97}} {
		if r, g, bl := at(p[0], p[1]); !(r < 150 && r > bl && g > bl-10 && r+g+bl < 330) {
			e.t.Errorf("%s: frame at %v is rgb(%d,%d,%d); want dark wood", name, p, r, g, bl)
		}
	}
	// The pockets sit at ±0.34775 m of the centre, on a board 0.892 m wide.
	for _, p := range [][2]float64{{0.11, 0.11}, {0.89, 0.89}} {
		if r, g, bl := at(p[0], p[1]); r+g+bl > 150 {
			e.t.Errorf("%s: pocket at %v is rgb(%d,%d,%d); want dark", name, p, r, g, bl)
		}
	}
	return buf
}

func (e *env) text(ctx context.Context, sel string) string {
	var s string
	e.run(ctx, chromedp.Text(sel, &s, chromedp.ByQuery))
	return s
}

func TestPlayTheComputer(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	url := e.playBeginner(ctx)
	if !strings.Contains(url, "/t/") || !strings.HasSuffix(url, "?seat=0") {
		t.Fatalf("after Play the page is %s; want a table with seat=0", url)
	}
	id := strings.TrimSuffix(url[strings.Index(url, "/t/")+3:], "?seat=0")
	e.waitFor(ctx, "my stroke", myStroke, 60*time.Second)
	e.checkBoard(ctx, "start")
	rng := rand.New(rand.NewPCG(1, 2))

	// The first stroke, by dragging: press on the striker, pull back, let go.
	x, y, _ := e.striker(ctx)
	before := e.seq(ctx)
	e.run(ctx, pull(x, y, 12, 110), release(x+12, y+110))
	e.waitFor(ctx, "the stroke", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, before), 20*time.Second)
	e.waitFor(ctx, "the move list", `document.querySelectorAll("#moves li").length >= 1`, 10*time.Second)
	if r := e.text(ctx, "#ruling"); r == "" {
		t.Error("no ruling shown after the first stroke")
	}

	// Play on until the computer has played too; the score shown is the server's.
	deadline := time.Now().Add(70 * time.Second)
	for time.Now().Before(deadline) {
		var moves int
		e.run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("#moves li")].filter(li => li.textContent.startsWith("Computer")).length`, &moves))
		if moves >= 1 && e.seq(ctx) >= 3 {
			break
		}
		if !e.playMine(ctx, rng, false) {
			time.Sleep(200 * time.Millisecond)
			continue
		}
		time.Sleep(300 * time.Millisecond)
	}
	e.waitFor(ctx, "the computer's stroke", `[...document.querySelectorAll("#moves li")].some(li => li.textContent.startsWith("Computer"))`, 5*time.Second)
	e.waitFor(ctx, "the stroke to end", `!document.getElementById("board").dataset.busy`, 30*time.Second)
	// GET /api/tables/{id} answers the state message of the WebSocket.
	var api struct {
		State struct {
			State struct {
				Match struct {
					Games [2]int `json:"games"`
					Score [2]int `json:"score"`
					Board struct {
						OnBoard struct{ White, Black int } `json:"on_board"`
					} `json:"board"`
				} `json:"match"`
			} `json:"state"`
		} `json:"state"`
	}
	getJSON(t, e.base+"/api/tables/"+id, &api)
	m := api.State.State.Match
	want := fmt.Sprintf("On the board: %d white, %d black", m.Board.OnBoard.White, m.Board.OnBoard.Black)
	e.waitFor(ctx, "the score", fmt.Sprintf(`document.body.textContent.includes(%q) && document.getElementById("points").textContent.includes("%d – %d") && document.getElementById("games").textContent.includes("%d – %d")`, want, m.Score[0], m.Score[1], m.Games[0], m.Games[1]), 10*time.Second)
	e.checkBoard(ctx, "after the strokes")
	// The rulings the page gave as the strokes came, against the server's.
	var r wireReplay
	getJSON(t, e.base+"/api/matches/"+id+"/replay", &r)
	var rows []struct {
		Seq          int
		Words, Rules string
	}
	e.run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("#moves li")].map((li) => ({Seq: li.value, Words: li.dataset.ruling, Rules: li.dataset.rules}))`, &rows))
	words, ids := map[int]string{}, map[int]string{}
	for _, row := range rows {
		words[row.Seq], ids[row.Seq] = row.Words, row.Rules
	}
	r.Events = slices.DeleteFunc(r.Events, func(ev wireEvent) bool { return ev.Seq > e.seq(ctx) })
	if len(r.Events) < 3 {
		t.Errorf("the page shows %d events; want the strokes played", len(r.Events))
	}
	checkRulings(t, r, words, ids)

	// Aim, then cancel by bringing the pull back onto the striker: no stroke.
	cancelled := false
	for end := time.Now().Add(60 * time.Second); !cancelled && time.Now().Before(end); {
		x, y, ok := e.striker(ctx)
		if !ok {
			e.playMine(ctx, rng, true) // a due to place first
			time.Sleep(200 * time.Millisecond)
			continue
		}
		cancels, seq := e.cancels(ctx), serverSeq(t, e.base, id)
		e.run(ctx, pull(x, y, -25, 100))
		if *updateScreenshot {
			var shot []byte
			e.run(ctx, chromedp.FullScreenshot(&shot, 100))
			if err := os.WriteFile(filepath.Join("..", "docs", "screenshot.png"), shot, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		e.run(ctx, input.DispatchMouseEvent(input.MouseMoved, x, y).WithButton(input.Left).WithButtons(1), release(x, y))
		// The page marks the aim it gave up in the handler that would have
		// sent the stroke; then the server must still be where it was.
		e.waitFor(ctx, "the aim cancelled", fmt.Sprintf(`+(document.getElementById("board").dataset.cancelled ?? "0") > %d`, cancels), 10*time.Second)
		if got := serverSeq(t, e.base, id); got != seq {
			t.Errorf("a cancelled aim moved the table on the server from %d to %d", seq, got)
		}
		cancelled = true
	}
	if !cancelled {
		t.Error("no stroke of mine came to aim and cancel")
	}

	// A reload mid-game gives this browser its seat back.
	e.run(ctx, chromedp.Navigate(e.base+"/t/"+id))
	e.waitFor(ctx, "the seat after a reload", `!!document.querySelector('.seats [data-seat="0"]') && document.querySelector('.seats [data-seat="0"]').textContent.includes("(you)")`, 10*time.Second)
	e.waitFor(ctx, "my stroke after the reload", myStroke+` || `+myPlacing, 60*time.Second)
	e.waitFor(ctx, "the move list after the reload", `document.querySelectorAll("#moves li").length >= 3`, 10*time.Second)

	// Concede the match, then replay it from the lobby.
	e.concede(ctx, "match")
	e.waitFor(ctx, "the end of the match", `document.getElementById("status").textContent.includes("Match over")`, 10*time.Second)
	e.run(ctx, chromedp.Navigate(e.base+"/"))
	e.waitFor(ctx, "the finished match", `!!document.querySelector('a[href="/replay/`+id+`"]')`, 10*time.Second)
	e.run(ctx, chromedp.Click(`a[href="/replay/`+id+`"]`, chromedp.ByQuery), chromedp.WaitVisible("#board", chromedp.ByID))
	e.waitFor(ctx, "the replay", `document.getElementById("status").textContent.startsWith("Stroke 0 of")`, 10*time.Second)
	e.run(ctx, chromedp.Click(`button[title="next stroke"]`, chromedp.ByQuery))
	e.waitFor(ctx, "the first stroke replayed", `document.getElementById("status").textContent.startsWith("Stroke 1 of")`, 20*time.Second)
	e.checkBoard(ctx, "replay")

	// The replay page links the match record, which replays bit for bit.
	var text string
	e.run(ctx, chromedp.Evaluate(`fetch(document.getElementById("record").href).then((r) => r.text())`, &text, func(p *runtime.EvaluateParams) *runtime.EvaluateParams {
		return p.WithAwaitPromise(true)
	}))
	mr, err := record.Parse(text)
	if err != nil {
		t.Fatalf("the .txt of the replay page: %v\n%s", err, text)
	}
	if _, err := record.Replay(mr, physics.Default(), nil); err != nil || mr.Result != "0-1" {
		t.Errorf("the .txt of the replay page: result %s, replay %v; want a conceded match (0-1) that replays", mr.Result, err)
	}

	// The finished table's page points to its replay; an unknown one says so.
	e.run(ctx, chromedp.Navigate(e.base+"/t/"+id))
	e.waitFor(ctx, "the over table", `!!document.querySelector('#status a[href="/replay/`+id+`"], #match-over a[href="/replay/`+id+`"]')`, 15*time.Second)
	e.run(ctx, chromedp.Navigate(e.base+"/t/000000000000"))
	e.waitFor(ctx, "the unknown table", `document.getElementById("status").textContent.includes("no such table")`, 10*time.Second)
}

func getJSON(t *testing.T, url string, v any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
}

func TestOnlineTable(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.tab(), e.tab()
	e.run(ann, chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#play-online", chromedp.ByID),
		chromedp.SetValue("#nickname", "Ann", chromedp.ByID),
		chromedp.Evaluate(`localStorage.setItem("carrom-nickname", "Ann")`, nil),
		chromedp.Click("#play-online", chromedp.ByID), chromedp.WaitVisible(`input[data-seat="1"]`, chromedp.ByQuery))
	var link string
	e.run(ann, chromedp.Value(`input[data-seat="1"]`, &link, chromedp.ByQuery))
	if !strings.HasSuffix(link, "?seat=1") {
		t.Fatalf("the invitation link is %q; want one for seat 1", link)
	}
	// The link offers the seat; Bob's click takes it.
	e.run(bob, chromedp.Navigate(link))
	e.take(bob, 1)
	e.waitFor(bob, "Bob seated", `document.querySelector('.seats [data-seat="1"]')?.textContent.includes("(you)")`, 10*time.Second)
	e.waitFor(ann, "Ann sees Bob", `!document.querySelector('input[data-seat="1"]') && document.querySelector('.seats [data-seat="0"]').textContent.includes("Ann (you)")`, 10*time.Second)

	// A spectator: no seat, the same table.
	eve := e.tab()
	e.run(eve, chromedp.Navigate(e.base+"/t/"+strings.TrimSuffix(link[strings.Index(link, "/t/")+3:], "?seat=1")))
	e.waitFor(eve, "the spectator's board", `!!document.getElementById("board").dataset.seq && !document.body.textContent.includes("(you)")`, 10*time.Second)
	e.waitFor(ann, "the shot clock", `/^\d+ s left$/.test(document.getElementById("clock").textContent)`, 10*time.Second)

	rng := rand.New(rand.NewPCG(3, 4))
	strokes, byKeys := 0, false
	deadline := time.Now().Add(70 * time.Second)
	for strokes < 4 && time.Now().Before(deadline) {
		acted := false
		for _, p := range []context.Context{ann, bob} {
			before := e.seq(p)
			if _, _, ok := e.striker(p); ok && p == bob && !byKeys {
				// Bob plays one stroke with the keyboard: move, turn, power, shoot.
				e.run(p, chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent("d"), chromedp.KeyEvent("d"), chromedp.KeyEvent(kb.ArrowUp))
				if got := e.text(p, "#shoot"); got != "Shoot" {
					t.Errorf("after aiming with keys the button says %q; want Shoot", got)
				}
				e.run(p, chromedp.KeyEvent(kb.Enter))
				byKeys, acted = true, true
				strokes++
				e.waitFor(p, "the stroke by keys", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, before), 20*time.Second)
				continue
			}
			if e.playMine(p, rng, false) {
				acted = true
				strokes++
				e.waitFor(p, "the stroke accepted", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, before), 20*time.Second)
			}
		}
		if !acted {
			time.Sleep(150 * time.Millisecond)
		}
	}
	if strokes < 4 {
		t.Fatalf("%d strokes played in time; want 4", strokes)
	}
	// Both see the same table: the same sequence number and move list.
	e.waitFor(ann, "Ann idle", `!document.getElementById("board").dataset.busy`, 30*time.Second)
	e.waitFor(bob, "Bob idle", `!document.getElementById("board").dataset.busy`, 30*time.Second)
	if a, b := e.seq(ann), e.seq(bob); a != b || a < 4 {
		t.Errorf("Ann is at %d, Bob at %d; want the same, at least 4", a, b)
	}
	e.waitFor(eve, "the spectator up to date", fmt.Sprintf(`+document.getElementById("board").dataset.seq === %d`, e.seq(ann)), 30*time.Second)
	if !byKeys {
		t.Error("Bob never had a stroke to play with the keyboard")
	}
	if a, b := e.text(ann, "#moves"), e.text(bob, "#moves"); a != b {
		t.Errorf("move lists differ:\nAnn: %s\nBob: %s", a, b)
	}
	e.checkBoard(bob, "Bob's board")
}

func TestPhone(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	e.playBeginner(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2)))
	var width, canvasWidth float64
	e.run(ctx, chromedp.Evaluate(`document.documentElement.scrollWidth`, &width),
		chromedp.Evaluate(`document.getElementById("board").getBoundingClientRect().width`, &canvasWidth))
	if width > 390 || canvasWidth < 340 {
		t.Errorf("on a 390 px phone the page is %v px wide and the board %v px; want no sideways scrolling and a board across the screen", width, canvasWidth)
	}
	var backing int
	e.run(ctx, chromedp.Evaluate(`document.getElementById("board").width`, &backing))
	if backing < int(canvasWidth*2)-2 {
		t.Errorf("canvas backing store %d px for %v CSS px at 2x; want it sharp", backing, canvasWidth)
	}
	e.waitFor(ctx, "my stroke", myStroke, 60*time.Second)
	e.checkBoard(ctx, "phone")
	// Slide the striker with a finger, then pull back from it and let go.
	x, y, _ := e.striker(ctx)
	touch := func(typ input.TouchType, px, py float64) chromedp.Action {
		pts := []*input.TouchPoint{{X: px, Y: py, ID: 1}}
		if typ == input.TouchEnd {
			pts = []*input.TouchPoint{}
		}
		return input.DispatchTouchEvent(typ, pts)
	}
	var slide []chromedp.Action
	slide = append(slide, touch(input.TouchStart, x+40, y))
	for i := 1; i <= 5; i++ {
		slide = append(slide, touch(input.TouchMove, x+40+4*float64(i), y))
	}
	slide = append(slide, touch(input.TouchEnd, 0, 0))
	e.run(ctx, slide...)
	nx, ny, ok := e.striker(ctx)
	if !ok || nx == x {
		t.Errorf("after sliding with a finger the striker is at %v,%v (%v); want it moved from %v", nx, ny, ok, x)
	}
	before := e.seq(ctx)
	var aim []chromedp.Action
	aim = append(aim, touch(input.TouchStart, nx, ny))
	for i := 1; i <= 6; i++ {
		aim = append(aim, touch(input.TouchMove, nx+2*float64(i), ny+12*float64(i)))
	}
	aim = append(aim, touch(input.TouchEnd, 0, 0))
	e.run(ctx, aim...)
	e.waitFor(ctx, "the stroke by touch", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, before), 20*time.Second)
}

// TestHotSeat: one browser holds both seats; the board turns to whoever is
// to strike.
func TestHotSeat(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	e.run(ctx, chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#play-hotseat", chromedp.ByID),
		clickNow("play-hotseat"), chromedp.WaitVisible("#board", chromedp.ByID))
	e.waitFor(ctx, "both seats held", `document.querySelectorAll(".seats div").length === 2 && [...document.querySelectorAll(".seats div")].every(d => d.textContent.includes("(you)"))`, 10*time.Second)
	rng := rand.New(rand.NewPCG(5, 6))
	views := map[string]bool{}
	for i := 0; i < 40 && len(views) < 2; i++ {
		e.waitFor(ctx, "a stroke to play", myStroke+` || `+myPlacing, 30*time.Second)
		var view, toAct string
		e.run(ctx, chromedp.Evaluate(`document.getElementById("board").dataset.view`, &view),
			chromedp.Evaluate(`document.querySelector(".seats .toact")?.dataset.seat ?? ""`, &toAct))
		if view == "" || (toAct == "0") != (view == "0") {
			t.Fatalf("seat %s to act, the board shows position %s at the bottom", toAct, view)
		}
		views[view] = true
		before := e.seq(ctx)
		e.playMine(ctx, rng, false)
		e.waitFor(ctx, "the stroke", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, before), 20*time.Second)
	}
	if len(views) < 2 {
		t.Errorf("the board showed only %v at the bottom; want both players' sides", views)
	}
}

// TestPlaceADue plays strokes chosen by replaying the table with package
// game until a c/m is to be placed, then places it by dragging: first
// onto the centre circle, which the page refuses, then to a legal place.
func TestPlaceADue(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	id := e.createTable(`{"rules":"icf","players":2,"clock":0,"seats":[{"kind":"human"},{"kind":"human"}],"seed":9}`)
	e.placeADue(ctx, id, rules.ICF())
}

// placeADue, on the page of table id (a hot-seat table of two under r),
// plays strokes chosen by replaying the table with package game until a
// c/m is to be placed, then places it by dragging: first onto the centre
// circle, which the page refuses, then to a legal place. It returns the
// table as it was before the placing.
func (e *env) placeADue(ctx context.Context, id string, r rules.Rules) game.Table {
	t := e.t
	t.Helper()
	e.run(ctx, chromedp.Navigate(e.base+"/t/"+id+"?seat=0&seat=1"))
	e.take(ctx, 0, 1)
	e.waitFor(ctx, "a stroke to play", myStroke, 20*time.Second)
	// The test strikes through a WebSocket of its own with the browser's
	// identity, so its strokes are exactly those it simulated.
	ws := e.socket(ctx, id)
	for i := 0; ; i++ {
		tb := e.replay(id, r)
		if tb.ToAct().Need == game.NeedPlace {
			break
		}
		if i == 12 {
			t.Fatal("no c/m to place after 12 strokes")
		}
		e.strike(ctx, ws, strokeTowardsADue(tb))
	}
	e.waitFor(ctx, "the c/m to place", `!!document.getElementById("board").dataset.coin`, 10*time.Second)
	tb := e.replay(id, r)
	// A variant's c/m cannot be forgone, and the ruling says who places it
	// (RULES V-1, V-2).
	var forgo bool
	e.run(ctx, chromedp.Evaluate(`!!document.getElementById("forgo")`, &forgo))
	if forgo != (r.Variant == nil) {
		t.Errorf("a Forgo button shown: %v; want %v under %s", forgo, r.Variant == nil, r.Name)
	}
	if r.Variant != nil {
		e.waitFor(ctx, "the ruling naming the placer", `document.getElementById("ruling").textContent.includes("back within the outer circle")`, 5*time.Second)
	}
	var coin []float64
	e.run(ctx, chromedp.Evaluate(`(() => { const c = document.getElementById("board"), b = c.getBoundingClientRect();
		const [x, y] = c.dataset.coin.split(",").map(Number); return [b.left + x, b.top + y, b.left, b.top, b.width, +c.dataset.view]; })()`, &coin))
	extent := physics.Default().Spec.Half() + physics.Default().Spec.FrameBreadth
	screen := func(p board.Vec) (float64, float64) {
		// The renderer's mapping: the board turned so the viewer's position is at the bottom.
		v := p
		for range int(coin[5]) {
			v = board.Vec{X: v.Y, Y: -v.X}
		}
		k := coin[4] / (2 * extent)
		return coin[2] + coin[4]/2 + v.X*k, coin[3] + coin[4]/2 - v.Y*k
	}
	// The suggested spot, which "Place at the marked spot" uses, is drawn
	// where the server suggests it.
	if at, ok := tb.PlaceHint(); ok {
		var hint []float64
		e.run(ctx, chromedp.Evaluate(`(() => { const c = document.getElementById("board"), b = c.getBoundingClientRect();
			if (!c.dataset.hint) return []; const [x, y] = c.dataset.hint.split(",").map(Number); return [b.left + x, b.top + y]; })()`, &hint))
		x, y := screen(at)
		if len(hint) != 2 || math.Hypot(hint[0]-x, hint[1]-y) > 1 {
			t.Errorf("the suggested spot is marked at %v; want (%.1f, %.1f), the server's hint", hint, x, y)
		}
	} else {
		t.Error("no suggested spot for the placing")
	}
	drag := func(to board.Vec) {
		x, y := screen(to)
		e.run(ctx, chromedp.MouseEvent(input.MousePressed, coin[0], coin[1], chromedp.ButtonLeft))
		for i := 1; i <= 6; i++ {
			f := float64(i) / 6
			e.run(ctx, input.DispatchMouseEvent(input.MouseMoved, coin[0]+(x-coin[0])*f, coin[1]+(y-coin[1])*f).WithButton(input.Left).WithButtons(1))
		}
		e.run(ctx, release(x, y))
	}
	before := e.seq(ctx)
	drag(board.Vec{})
	e.waitFor(ctx, "the refusal", `document.getElementById("error").textContent.includes("PL-1")`, 5*time.Second)
	if got := e.seq(ctx); got != before {
		t.Fatalf("a drop on the centre circle changed the table from %d to %d", before, got)
	}
	var legal board.Vec
	found := false
	for r := 0.05; r < 0.068 && !found; r += 0.004 {
		for a := 0; a < 360 && !found; a += 15 {
			p := board.Vec{X: r * math.Cos(float64(a)*math.Pi/180), Y: r * math.Sin(float64(a)*math.Pi/180)}
			if tb.PlacingLegal(p) == nil {
				legal, found = p, true
			}
		}
	}
	if !found {
		t.Fatal("no legal place found in the outer circle")
	}
	drag(legal)
	e.waitFor(ctx, "the placing", fmt.Sprintf(`+document.getElementById("board").dataset.seq > %d`, before), 10*time.Second)
	e.waitFor(ctx, "the placing in the move list", `document.querySelector("#moves li:last-child").textContent.includes("placed a c/m")`, 10*time.Second)
	// A placing has no ruling: nothing may read as a game won by side 0.
	e.waitFor(ctx, "the placing's ruling, without a game won", `document.getElementById("ruling").textContent.includes("placed a c/m") && !document.getElementById("ruling").textContent.includes("Game to")`, 5*time.Second)
	e.checkBoard(ctx, "after placing")
	return tb
}

// replay rebuilds a table of two under r from its record, as the server
// holds it.
func (e *env) replay(id string, r rules.Rules) game.Table {
	e.t.Helper()
	tb, err := game.Replay(game.Config{Rules: r, Players: 2, Physics: physics.Default()}, e.storedActions(id), nil)
	if err != nil {
		e.t.Fatal(err)
	}
	return tb
}

// storedActions are the actions of table id's record, as the server holds it.
func (e *env) storedActions(id string) []game.Action {
	e.t.Helper()
	var rec struct {
		Actions []struct {
			Action json.RawMessage `json:"action"`
		} `json:"actions"`
	}
	getJSON(e.t, e.base+"/api/matches/"+id, &rec)
	var actions []game.Action
	for _, a := range rec.Actions {
		act, err := record.ParseAction(a.Action)
		if err != nil {
			e.t.Fatal(err)
		}
		actions = append(actions, act)
	}
	return actions
}

// strokeTowardsADue is the stroke that leads soonest to a c/m to place:
// one after which a c/m is to be placed, or else one that pockets an own
// c/m and keeps the turn (so that pocketing the striker next costs a due),
// or else any stroke that touches a piece.
func strokeTowardsADue(tb game.Table) physics.Shot {
	seat := tb.ToAct().Seat
	pos := tb.Base(seat)
	sp := physics.Default().Spec
	var best physics.Shot
	bestScore := -1
	for _, r := range tb.StrikerRanges() {
		for i := 0; i <= 4; i++ {
			x := r.Lo + (r.Hi-r.Lo)*float64(i)/4
			var dirs []board.Vec
			for a := 0; a < 360; a += 10 {
				dirs = append(dirs, board.Vec{X: math.Cos(float64(a) * math.Pi / 180), Y: math.Sin(float64(a) * math.Pi / 180)})
			}
			// Straight at each pocket, in the shooter's frame.
			at := sp.StrikerAt(pos, x)
			for p := range board.Pockets {
				d := sp.PocketCentre(board.Pocket(p)).Sub(at)
				dirs = append(dirs, board.Vec{X: d.Dot(pos.Right()), Y: d.Dot(pos.Forward())})
			}
			for _, d := range dirs {
				for _, speed := range []float64{1.5, 4} {
					sh := physics.Shot{X: x, Dir: d, Speed: speed}
					next, out, err := tb.Apply(game.Action{Seat: seat, Kind: game.Strike, Shot: sh})
					if err != nil {
						continue
					}
					score := 0
					switch {
					case next.ToAct().Need == game.NeedPlace:
						return sh
					case out.Ruling != nil && out.Ruling.TurnKept && out.Stroke.Pocketed.White+out.Stroke.Pocketed.Black > 0:
						score = 2
					case !out.Stroke.Missed:
						score = 1
					}
					if score > bestScore {
						best, bestScore = sh, score
					}
				}
			}
		}
	}
	return best
}

// TestDoubles: an online doubles table of two people and two computer
// players, set up from the lobby.
func TestDoubles(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.tab(), e.tab()
	e.run(ann, chromedp.Navigate(e.base+"/"), chromedp.WaitVisible("#play-online", chromedp.ByID),
		chromedp.SetValue("#online-players", "4", chromedp.ByID),
		chromedp.Evaluate(`document.getElementById("online-players").dispatchEvent(new Event("change"))`, nil),
		chromedp.SetValue("#seat-1", "computer:beginner", chromedp.ByID),
		chromedp.SetValue("#seat-3", "computer:beginner", chromedp.ByID),
		chromedp.SetValue("#seat-2", "human", chromedp.ByID),
		chromedp.Click("#play-online", chromedp.ByID), chromedp.WaitVisible(`input[data-seat="2"]`, chromedp.ByQuery))
	var links int
	var link string
	e.run(ann, chromedp.Evaluate(`document.querySelectorAll(".links input").length`, &links),
		chromedp.Value(`input[data-seat="2"]`, &link, chromedp.ByQuery))
	if links != 1 {
		t.Errorf("%d invitation links; want one, for seat 2", links)
	}
	e.run(bob, chromedp.Navigate(link))
	e.take(bob, 2)
	e.waitFor(bob, "four players", `document.querySelectorAll(".seats div").length === 4 && document.querySelectorAll(".seats div")[2].textContent.includes("(you)")`, 10*time.Second)
	e.waitFor(ann, "the match under way", `document.querySelectorAll("#moves li").length >= 1 || !!document.getElementById("board").dataset.striker`, 60*time.Second)
	var computers int
	e.run(ann, chromedp.Evaluate(`[...document.querySelectorAll(".seats div")].filter(d => d.textContent.startsWith("Computer (beginner)")).length`, &computers))
	if computers != 2 {
		t.Errorf("%d computer seats shown; want 2", computers)
	}
}

// TestPlaybackMatchesPhysics runs the page's playback code in Chromium on
// the trajectory of a hard break and checks that at every frame, 60 a
// second, each disc is where package physics puts it in closed form.
func TestPlaybackMatchesPhysics(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	js, err := web.BundleModule("src/traj.ts", "traj")
	if err != nil {
		t.Fatal(err)
	}
	p := physics.Default()
	start, err := physics.Place(p, p.Spec.BreakArrangement(0), physics.Shot{X: 0.03, Dir: board.Vec{X: 0.04, Y: 1}, Speed: 0.9 * p.MaxSpeed})
	if err != nil {
		t.Fatal(err)
	}
	res, err := physics.Simulate(p, start)
	if err != nil {
		t.Fatal(err)
	}
	var times []float64
	for f := 0; float64(f)/60 < res.Time+0.1; f++ {
		times = append(times, float64(f)/60)
	}
	var pockets [][2]float64
	for i := range board.Pockets {
		c := p.Spec.PocketCentre(board.Pocket(i))
		pockets = append(pockets, [2]float64{c.X, c.Y})
	}
	args, _ := json.Marshal([]any{record.FromStroke(p, start, res), pockets, times})
	type shown struct {
		ID    string  `json:"id"`
		X     float64 `json:"x"`
		Y     float64 `json:"y"`
		Scale float64 `json:"scale"`
	}
	var frames [][]shown
	e.run(ctx, chromedp.Navigate("about:blank"), chromedp.Evaluate(string(js), nil),
		chromedp.Evaluate(`(([tr, pockets, times]) => { const pb = new traj.Playback(tr, pockets); return times.map((t) => pb.at(t)); })(`+string(args)+`)`, &frames))
	if len(frames) != len(times) {
		t.Fatalf("%d frames for %d times", len(frames), len(times))
	}
	pocketed := 0
	for f, tm := range times {
		want := p.At(start, res.Events, tm)
		got := map[string]shown{}
		for _, d := range frames[f] {
			got[d.ID] = d
		}
		for _, d := range want.Discs {
			g, ok := got[d.ID]
			switch {
			case d.Pocketed:
				if ok && g.Scale == 1 {
					t.Errorf("t=%.4f: %s is pocketed, but the page shows it on the board", tm, d.ID)
				}
				if f == len(times)-1 {
					pocketed++
				}
			case !ok:
				t.Errorf("t=%.4f: the page lost %s", tm, d.ID)
			case math.Hypot(g.X-d.Pos.X, g.Y-d.Pos.Y) > 1e-9:
				t.Errorf("t=%.4f: %s at (%.6f, %.6f); physics has it at (%.6f, %.6f)", tm, d.ID, g.X, g.Y, d.Pos.X, d.Pos.Y)
			}
		}
		if t.Failed() {
			break
		}
	}
	t.Logf("%d frames, %d events, %d discs pocketed", len(times), len(res.Events), pocketed)
}

// TestDirectionMatchesGo runs the page's angle rule (direction in
// src/vec.ts) and finds, for every angle tried, the bits record.Direction
// gives: a stroke aimed by keys is the stroke the server simulates.
func TestDirectionMatchesGo(t *testing.T) {
	e := newEnv(t)
	ctx := e.tab()
	js, err := web.BundleModule("src/vec.ts", "vec")
	if err != nil {
		t.Fatal(err)
	}
	var angles []float64
	for a := -360.0; a <= 720; a += 0.5 {
		angles = append(angles, a)
	}
	for i := range 2000 {
		angles = append(angles, float64(i)*0.123456789-100)
	}
	args, _ := json.Marshal(angles)
	var got [][2]float64
	e.run(ctx, chromedp.Navigate("about:blank"), chromedp.Evaluate(string(js), nil),
		chromedp.Evaluate(`(`+string(args)+`).map((d) => { const v = vec.direction(d); return [v.x, v.y]; })`, &got))
	if len(got) != len(angles) {
		t.Fatalf("%d directions for %d angles", len(got), len(angles))
	}
	for i, a := range angles {
		want, err := record.Direction(a)
		if err != nil {
			t.Fatal(err)
		}
		if got[i][0] != want.X || got[i][1] != want.Y {
			t.Errorf("direction(%v): the page gives (%v, %v), Go (%v, %v)", a, got[i][0], got[i][1], want.X, want.Y)
		}
	}
}
