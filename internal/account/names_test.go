package account

import "testing"

func TestNames(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Ann", "Ann"},
		{"ＡＮＮ", "ANN"},
		{"José", "José"},
		{"Jose\u0301", "José"},
		{"अमित", "अमित"},
		{"Бoб", "Бoб"},
		{"a.b-c_d", "a.b-c_d"},
	} {
		if got, err := CanonicalName(c.in); err != nil || got != c.want {
			t.Errorf("CanonicalName(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"ab", "a b c", "twenty-one characters", "ann!", "\u0301ab", "an\x00n", "ann\u200b", "a😀b"} {
		if got, err := CanonicalName(bad); err != ErrBadName {
			t.Errorf("CanonicalName(%q) = %q, %v; want refused", bad, got, err)
		}
	}
	if NameKey("ＡＮＮ") != "ann" || NameKey("Ann") != "ann" {
		t.Errorf("keys %q, %q; want ann", NameKey("ＡＮＮ"), NameKey("Ann"))
	}
	for _, same := range [][]string{{"Bob", "\u0412ob", "B\u043eb", "B0B", "bob"}, {"ann1", "annl", "annI", "ANN1"}, {"tim", "tirn"}} {
		for _, n := range same[1:] {
			if NameSkeleton(n) != NameSkeleton(same[0]) {
				t.Errorf("skeletons of %q and %q: %q, %q; want the same", same[0], n, NameSkeleton(same[0]), NameSkeleton(n))
			}
		}
	}
	for _, differ := range [][2]string{{"ann", "anna"}, {"bob", "rob"}, {"ann", "amn"}} {
		if NameSkeleton(differ[0]) == NameSkeleton(differ[1]) {
			t.Errorf("%q and %q have one skeleton %q; want different", differ[0], differ[1], NameSkeleton(differ[0]))
		}
	}
}
