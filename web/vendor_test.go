package web_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carrom-game/carrom/web"
)

var updateVendor = flag.Bool("update-vendor", false, "copy the UI library's modules from node_modules (after npm ci) into vendor/")

// TestVendoredLibraries checks that each vendored module, and its licence,
// is byte for byte the file npm installs from the versions package.json
// pins (npm ci checks those against package-lock.json's digests), so the
// bundle the server builds without npm is the one the pins name.
func TestVendoredLibraries(t *testing.T) {
	if _, err := os.Stat("node_modules"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("web: node_modules is missing: run npm ci in web/ first")
		}
		t.Skip("no node_modules: run npm ci in web/ to check the vendored modules")
	}
	var paths []string
	for _, v := range web.Vendored {
		paths = append(paths, v)
	}
	paths = append(paths, "vendor/preact/LICENSE", "vendor/@preact/signals/LICENSE", "vendor/@preact/signals-core/LICENSE")
	for _, v := range paths {
		src := filepath.Join("node_modules", strings.TrimPrefix(v, "vendor/"))
		want, err := os.ReadFile(src)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		if *updateVendor {
			if err := os.MkdirAll(filepath.Dir(v), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(v, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(v)
		if err != nil {
			t.Errorf("%s: %v (run go test ./web -run TestVendoredLibraries -update-vendor)", v, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from %s: run go test ./web -run TestVendoredLibraries -update-vendor", v, src)
		}
	}
}
