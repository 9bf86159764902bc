package archtest

import (
	"os/exec"
	"path"
	"strings"
	"testing"
)

// TestBinaryLinksNoTestHelpers: the helpers that check a package in tests,
// named as net/http/httptest is (physics/physicstest, ai/aitest), stay out
// of the binary; what it needs of them lives in a package of its own
// (internal/physicsbench).
func TestBinaryLinksNoTestHelpers(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "./cmd/carrom")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) == 0 {
		t.Fatal("go list -deps ./cmd/carrom listed nothing")
	}
	for _, d := range deps {
		dir, name := path.Split(d)
		if strings.HasPrefix(d, module+"/") && strings.HasSuffix(name, "test") && strings.TrimSuffix(name, "test") == path.Base(dir) {
			t.Errorf("cmd/carrom links %s, a package for tests", d)
		}
	}
}
