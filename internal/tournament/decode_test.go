package tournament

import (
	"strings"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/httpapi"
)

var today = time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)

// TestDecodeCreate: the defaults, and each bad body refused with a
// sentence that names what is wrong.
func TestDecodeCreate(t *testing.T) {
	tn, err := decodeCreate([]byte(`{"name":"  Open  ","rounds":5}`), today)
	if err != nil || tn.Name != "Open" || tn.Date != "2026-05-01" || tn.Rules != "icf" || !tn.Singles || tn.System != "swiss" || tn.Method != "dazed" ||
		tn.Win != 2 || tn.Draw != 1 || tn.Loss != 0 || tn.Phantom != 25 {
		t.Errorf("defaults: %+v, %v", tn, err)
	}
	tn, err = decodeCreate([]byte(`{"name":"KO","rounds":3,"system":"knockout","rules":"family","points":{"win":3,"draw":1,"loss":0},"phantom_score":2,"date":"2026-06-02","place":"Roma"}`), today)
	if err != nil || tn.System != "knockout" || tn.Method != "" || tn.Rules != "family" || tn.Win != 3 || tn.Phantom != 2 || tn.Date != "2026-06-02" || tn.Place != "Roma" {
		t.Errorf("a knockout: %+v, %v", tn, err)
	}
	for body, words := range map[string]string{
		``:                             "the request's body: empty",
		`[]`:                           "the request's body",
		`{"name":"x","rounds":31}`:     "rounds: 31; want 1 to 30",
		`{"name":"x","rounds":"3"}`:    "the request's body",
		`{"name":"\u0007","rounds":3}`: "name: only printable characters",
		`{"name":"x","rounds":3,"place":"` + strings.Repeat("é", 41) + `"}`: "place: 82 bytes; 80 at most",
		`{"name":"x","rounds":3,"system":"roundrobin","method":"dazed"}`:    "a method is for a swiss, not a roundrobin",
		`{"name":"x","rounds":3,"phantom_score":1000}`:                      "phantom_score: 1000; want 0 to 999",
		`{"name":"x","rounds":3,"points":{"win":2,"draw":1,"loss":-1}}`:     "points: want 999 ≥ win ≥ draw ≥ loss ≥ 0",
		`{"name":"x","rounds":3,"date":"2026-13-01"}`:                       `date "2026-13-01": want a day as YYYY-MM-DD`,
		`{"name":"x","rounds":3} {}`:                                        "the request's body: more after the JSON object",
	} {
		_, err := decodeCreate([]byte(body), today)
		if err == nil || httpapi.Status(err) != 400 || !strings.Contains(httpapi.Text(err), words) {
			t.Errorf("decodeCreate(%s) = %v; want a 400 saying %q", body, err, words)
		}
	}
}

// TestDecodeOthers: players, results and corrections, good and bad.
func TestDecodeOthers(t *testing.T) {
	if p, err := decodePlayer([]byte(`{"account":" ann ","club":"Milano","rating":1600}`)); err != nil || p.Account != "ann" || p.Club != "Milano" || p.Rating != 1600 {
		t.Errorf("an account: %+v, %v", p, err)
	}
	if s, err := decodeResult([]byte(`{"score":[25,10]}`)); err != nil || s != [2]int{25, 10} {
		t.Errorf("a result: %v, %v", s, err)
	}
	if ms, err := decodePairing([]byte(`{"matches":[{"board":1,"a":3,"b":4},{"board":2,"a":1,"b":null}]}`)); err != nil || len(ms) != 2 || ms[0].B != 4 || ms[1].B != 0 {
		t.Errorf("a correction: %+v, %v", ms, err)
	}
	for _, c := range []struct {
		f           func([]byte) error
		body, words string
	}{
		{func(b []byte) error { _, err := decodePlayer(b); return err }, `{"rating":10}`, "name: missing"},
		{func(b []byte) error { _, err := decodePlayer(b); return err }, `{"name":"x","rating":-1}`, "rating: -1"},
		{func(b []byte) error { _, err := decodePlayer(b); return err }, `{"name":"x","country":"` + strings.Repeat("x", 81) + `"}`, "country: 81 bytes"},
		{func(b []byte) error { _, err := decodeResult(b); return err }, `{"score":[1,2,3]}`, "two numbers"},
		{func(b []byte) error { _, err := decodeResult(b); return err }, `{"score":[1000,2]}`, "score: 1000"},
		{func(b []byte) error { _, err := decodePairing(b); return err }, `{"matches":[]}`, "give the boards that change"},
		{func(b []byte) error { _, err := decodePairing(b); return err }, `{"matches":[{"board":1,"a":0,"b":2}]}`, "a 0"},
		{func(b []byte) error { _, err := decodePairing(b); return err }, `{"matches":[{"board":1,"a":1,"b":0}]}`, "null for the phantom"},
		{func(b []byte) error { _, err := decodePairing(b); return err }, `{"matches":[{"board":1,"a":1,"b":2},{"board":1,"a":3,"b":4}]}`, "board 1 is given twice"},
	} {
		err := c.f([]byte(c.body))
		if err == nil || httpapi.Status(err) != 400 || !strings.Contains(httpapi.Text(err), c.words) {
			t.Errorf("%s: %v; want a 400 saying %q", c.body, err, c.words)
		}
	}
}

// FuzzDecoders: no body makes a decoder panic, and whatever one accepts
// is within the limits.
func FuzzDecoders(f *testing.F) {
	for _, s := range []string{`{"name":"Open","rounds":5}`, `{"account":"ann"}`, `{"score":[25,10]}`, `{"matches":[{"board":1,"a":3,"b":null}]}`, `{"points":{"win":2}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if tn, err := decodeCreate(data, today); err == nil {
			if tn.Name == "" || len(tn.Name) > MaxText || tn.Rounds < 1 || tn.Rounds > MaxRounds || tn.Loss < 0 || tn.Win > MaxScore || tn.Phantom < 0 || tn.Phantom > MaxScore {
				t.Errorf("decodeCreate accepted %+v", tn)
			}
		}
		if p, err := decodePlayer(data); err == nil && (p.Rating < 0 || p.Rating > MaxRating || len(p.Name) > MaxText || (p.Account == "") == (p.Name == "")) {
			t.Errorf("decodePlayer accepted %+v", p)
		}
		if s, err := decodeResult(data); err == nil && (s[0] < 0 || s[1] < 0 || s[0] > MaxScore || s[1] > MaxScore) {
			t.Errorf("decodeResult accepted %v", s)
		}
		if ms, err := decodePairing(data); err == nil {
			for _, m := range ms {
				if m.A < 1 || m.B < 0 {
					t.Errorf("decodePairing accepted %+v", m)
				}
			}
		}
	})
}
