package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"path"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/carrom-game/carrom/board"
)

//go:embed index.html style.css favicon.svg src/*.ts src/*.tsx vendor
var files embed.FS

// Vendored maps each bare import of the client to its ES module in
// vendor/: Preact and its signals, copied byte for byte from the npm
// packages that package.json pins (TestVendoredLibraries checks the copy),
// so that the server bundles the page with no npm on the machine.
var Vendored = map[string]string{
	"preact":               "vendor/preact/dist/preact.mjs",
	"preact/hooks":         "vendor/preact/hooks/dist/hooks.mjs",
	"preact/jsx-runtime":   "vendor/preact/jsx-runtime/dist/jsxRuntime.mjs",
	"@preact/signals":      "vendor/@preact/signals/dist/signals.mjs",
	"@preact/signals-core": "vendor/@preact/signals-core/dist/signals-core.mjs",
}

// Options configure the client.
type Options struct {
	Spec   board.Spec // the board the server plays on, drawn to scale
	Levels []string   // the computer levels, weakest first
}

// Handler serves the page for "/", "/t/{id}" (a table), "/replay/{id}"
// (a finished match) and "/rules" (how to play), and the bundled assets.
type Handler struct {
	mux *http.ServeMux
}

// New bundles the client and returns its handler. Bundling takes a few
// milliseconds; a TypeScript syntax error is reported here, at start-up.
func New(opt Options) (*Handler, error) {
	js, err := Bundle()
	if err != nil {
		return nil, err
	}
	css, err := files.ReadFile("style.css")
	if err != nil {
		return nil, err
	}
	cfg, err := json.Marshal(clientConfig{Geometry: geometryOf(opt.Spec), Levels: opt.Levels})
	if err != nil {
		return nil, err
	}
	page, err := template.ParseFS(files, "index.html")
	if err != nil {
		return nil, err
	}
	jsPath, cssPath := "/assets/app."+digest(js)+".js", "/assets/style."+digest(css)+".css"
	var html bytes.Buffer
	if err := page.Execute(&html, map[string]any{"Config": template.JS(cfg), "JS": jsPath, "CSS": cssPath}); err != nil {
		return nil, err
	}
	h := &Handler{mux: http.NewServeMux()}
	index := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(html.Bytes())
	}
	h.mux.HandleFunc("GET /{$}", index)
	h.mux.HandleFunc("GET /t/{id}", index)
	h.mux.HandleFunc("GET /replay/{id}", index)
	h.mux.HandleFunc("GET /rules", index)
	h.mux.HandleFunc("GET /u/{name}", index)
	h.mux.HandleFunc("GET /account", index)
	h.mux.HandleFunc("GET /leaderboard", index)
	h.mux.HandleFunc("GET /challenges", index)
	h.mux.HandleFunc("GET /friends", index)
	h.mux.HandleFunc("GET /practice", index)
	h.mux.HandleFunc("GET /umpire/", index)
	h.mux.HandleFunc("GET /tournaments", index)
	h.mux.HandleFunc("GET /tournaments/{id}", index)
	h.mux.HandleFunc("GET /championships/{id}", index)
	h.mux.HandleFunc("GET /tournaments/{id}/clock", index)
	// The asset names carry their digest, so browsers may keep them for good.
	h.mux.HandleFunc("GET "+jsPath, asset("text/javascript; charset=utf-8", js))
	h.mux.HandleFunc("GET "+cssPath, asset("text/css; charset=utf-8", css))
	icon, err := files.ReadFile("favicon.svg")
	if err != nil {
		return nil, err
	}
	// Browsers ask for /favicon.ico whatever the page links; both answer
	// the SVG. Its name carries no digest, so it is kept for a day only.
	favicon := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Cache-Control", "public, max-age=86400")
		w.Write(icon)
	}
	h.mux.HandleFunc("GET /favicon.svg", favicon)
	h.mux.HandleFunc("GET /favicon.ico", favicon)
	return h, nil
}

// resolve finds an import in the embedded files: a relative path to a
// source (.ts or .tsx, the extension left out), or a vendored library.
func resolve(a api.OnResolveArgs) (string, error) {
	p := a.Path
	if a.Kind != api.ResolveEntryPoint {
		if v, ok := Vendored[p]; ok {
			return v, nil
		}
		if !strings.HasPrefix(p, "./") {
			return "", fmt.Errorf("web: import %q: only relative imports of the embedded sources and the vendored libraries", p)
		}
		p = path.Join(path.Dir(a.Importer), p)
	}
	p = path.Clean(p)
	if path.Ext(p) != "" {
		return p, nil
	}
	for _, ext := range []string{".ts", ".tsx"} {
		if _, err := fs.Stat(files, p+ext); err == nil {
			return p + ext, nil
		}
	}
	return "", fmt.Errorf("web: import %q: no such source", a.Path)
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.mux.ServeHTTP(w, r) }

func asset(ctype string, data []byte) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", ctype)
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		w.Write(data)
	}
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:6])
}

// Bundle compiles src/main.tsx and what it imports into one script. The
// sources are read from the embedded files through an esbuild plugin, so
// the bundle is the same wherever the binary runs.
func Bundle() ([]byte, error) { return bundle("src/main.tsx", "") }

// bundle compiles one entry point; a global name makes its exports a
// global variable of that name (for tests of a single module).
func bundle(entry, global string) ([]byte, error) {
	embedded := api.Plugin{Name: "embedded", Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			p, err := resolve(a)
			return api.OnResolveResult{Path: p, Namespace: "embedded"}, err
		})
		b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: "embedded"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			data, err := fs.ReadFile(files, a.Path)
			if err != nil {
				return api.OnLoadResult{}, err
			}
			src := string(data)
			loader := map[string]api.Loader{".ts": api.LoaderTS, ".tsx": api.LoaderTSX}[path.Ext(a.Path)]
			if loader == api.LoaderNone {
				loader = api.LoaderJS
			}
			return api.OnLoadResult{Contents: &src, Loader: loader}, nil
		})
	}}
	res := api.Build(api.BuildOptions{
		EntryPoints:       []string{entry},
		GlobalName:        global,
		Bundle:            true,
		Write:             false,
		Outfile:           "app.js",
		Format:            api.FormatIIFE,
		Target:            api.ES2020,
		JSX:               api.JSXAutomatic,
		JSXImportSource:   "preact",
		MinifyWhitespace:  true,
		MinifySyntax:      true,
		MinifyIdentifiers: true,
		LegalComments:     api.LegalCommentsNone,
		Plugins:           []api.Plugin{embedded},
		LogLevel:          api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		var msgs []string
		for _, m := range api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage}) {
			msgs = append(msgs, strings.TrimSpace(m))
		}
		return nil, fmt.Errorf("web: bundling the client: %s", strings.Join(msgs, "\n"))
	}
	if len(res.OutputFiles) != 1 {
		return nil, errors.New("web: bundling the client gave no script")
	}
	return res.OutputFiles[0].Contents, nil
}
