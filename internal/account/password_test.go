package account

import (
	"strings"
	"testing"
)

func TestPasswordHash(t *testing.T) {
	h, err := hashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=65536,t=3,p=4$") {
		t.Errorf("hash %q; want argon2id with m=65536, t=3, p=4 (RFC 9106's second recommended set)", h)
	}
	if ok, err := checkPassword(h, "correct horse"); !ok || err != nil {
		t.Errorf("checkPassword(right) = %v, %v; want true", ok, err)
	}
	if ok, err := checkPassword(h, "correct horsE"); ok || err != nil {
		t.Errorf("checkPassword(wrong) = %v, %v; want false", ok, err)
	}
	if h2, _ := hashPassword("correct horse"); h2 == h {
		t.Errorf("two hashes of one password are equal: the salt is not new")
	}
	for _, bad := range []string{"", "$argon2i$v=19$m=65536,t=3,p=4$c2FsdA$a2V5", "$argon2id$v=19$m=99999999,t=3,p=4$c2FsdA$a2V5", "$argon2id$v=19$m=65536,t=3,p=4$!!$a2V5"} {
		if ok, err := checkPassword(bad, "x"); ok || err == nil {
			t.Errorf("checkPassword(%q) = %v, %v; want an error", bad, ok, err)
		}
	}
}

// BenchmarkPasswordHash times one argon2id hash at the server's parameters
// (docs/accounts.md quotes it).
func BenchmarkPasswordHash(b *testing.B) {
	for b.Loop() {
		if _, err := hashPassword("correct horse"); err != nil {
			b.Fatal(err)
		}
	}
}
