package archtest

import (
	"strings"
	"testing"
)

// TestProtocolAndTestClient: the wire types (internal/protocol) import
// nothing of the server's side, only the library's JSON forms (record);
// the typed client and harness for tests (internal/servertest) stay out of
// the server's code, imported by tests and by the load test, which drives
// the server with it; and nothing imports internal/server but the binary
// that wires it.
func TestProtocolAndTestClient(t *testing.T) {
	pkgs := packages(t)
	proto := module + "/internal/protocol"
	if _, ok := pkgs[proto]; !ok {
		t.Fatalf("no package %s", proto)
	}
	for _, imp := range pkgs[proto].Imports {
		if strings.HasPrefix(imp, module+"/") && imp != module+"/record" {
			t.Errorf("internal/protocol imports %s; the wire types need only package record", imp)
		}
	}
	for path, p := range pkgs {
		for _, imp := range p.Imports {
			switch {
			case imp == module+"/internal/servertest" && path != module+"/internal/loadtest":
				t.Errorf("%s imports internal/servertest, the client for tests and the load test", path)
			case imp == module+"/internal/server" && path != module+"/cmd/carrom":
				t.Errorf("%s imports internal/server; only the binary wires the server", path)
			}
		}
	}
}
