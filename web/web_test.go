package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/board"
)

func TestPagesAndAssets(t *testing.T) {
	h, err := New(Options{Spec: board.Standard(), Levels: []string{"beginner", "expert"}})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	get := func(path string) (int, string, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		body, _ := io.ReadAll(rec.Body)
		return rec.Code, rec.Header().Get("Content-Type"), string(body)
	}
	for _, path := range []string{"/", "/t/0123456789ab", "/replay/0123456789ab", "/rules"} {
		code, ctype, body := get(path)
		if code != http.StatusOK || !strings.HasPrefix(ctype, "text/html") || !strings.Contains(body, `<canvas`) && !strings.Contains(body, `id="app"`) {
			t.Errorf("GET %s = %d %s; want the page", path, code, ctype)
		}
	}
	if code, _, _ := get("/nothing/here"); code != http.StatusNotFound {
		t.Errorf("GET /nothing/here = %d; want 404", code)
	}
	_, _, page := get("/")
	for _, re := range []string{`/assets/app\.[0-9a-f]+\.js`, `/assets/style\.[0-9a-f]+\.css`} {
		asset := regexp.MustCompile(re).FindString(page)
		if asset == "" {
			t.Fatalf("the page links no asset like %s", re)
		}
		if code, _, body := get(asset); code != http.StatusOK || len(body) < 1000 {
			t.Errorf("GET %s = %d, %d bytes; want the asset", asset, code, len(body))
		}
	}
	// The icon, at the address browsers ask for and at the one the page links.
	for _, path := range []string{"/favicon.ico", "/favicon.svg"} {
		if code, ctype, body := get(path); code != http.StatusOK || ctype != "image/svg+xml" || !strings.Contains(body, "<svg") {
			t.Errorf("GET %s = %d, %s, %d bytes; want the SVG icon", path, code, ctype, len(body))
		}
	}
	if !strings.Contains(page, `<link rel="icon" href="/favicon.svg"`) {
		t.Error("the page links no icon")
	}
	// The configuration in the page is the board's geometry, in metres.
	m := regexp.MustCompile(`(?s)<script id="config" type="application/json">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the page has no configuration")
	}
	var cfg clientConfig
	if err := json.Unmarshal([]byte(m[1]), &cfg); err != nil {
		t.Fatalf("the configuration is not JSON: %v", err)
	}
	sp := board.Standard()
	if cfg.Geometry.Half != sp.Half() || cfg.Geometry.OuterRadius != sp.OuterRadius() || len(cfg.Levels) != 2 {
		t.Errorf("configuration = %+v; want the standard board and two levels", cfg)
	}
	if got, want := cfg.Geometry.BaseCircles[0][1], ptOf(sp.BaseCircles(0)[1]); got != want {
		t.Errorf("base circle of seat 0 = %v; want %v", got, want)
	}
}

func TestBundle(t *testing.T) {
	js, err := Bundle()
	if err != nil {
		t.Fatal(err)
	}
	// Type annotations are gone: the bundle is plain JavaScript.
	if strings.Contains(string(js), "interface ") || len(js) < 10000 {
		t.Errorf("bundle of %d bytes does not look like compiled TypeScript", len(js))
	}
}
